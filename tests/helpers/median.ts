/** The middle value (the upper one of an even count): one slow sample on a busy machine does not move it. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
