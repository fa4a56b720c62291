/** A number as a log line or an audit subject shows it: its country code and last two digits. */
export const maskPhone = (e164: string) => `${e164.slice(0, 4)}…${e164.slice(-2)}`;
