/** A short beep made in the browser (no sound file to download); silent where the device has no audio. */
export function beep(frequency = 880) {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.15);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio on this device: the title count still alerts.
  }
}

/**
 * The urgent alert: three short, higher beeps, unlike the single new-message beep, so an agent can tell a
 * red-flag conversation by ear. Silent where the device has no audio.
 */
export function beepUrgent(frequency = 1320) {
  try {
    const context = new AudioContext();
    const gain = context.createGain();
    gain.gain.value = 0.1;
    gain.connect(context.destination);
    let last: OscillatorNode | null = null;
    for (let index = 0; index < 3; index += 1) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      const start = context.currentTime + index * 0.18;
      oscillator.start(start);
      oscillator.stop(start + 0.09);
      last = oscillator;
    }
    if (last) last.onended = () => void context.close();
  } catch {
    // No audio on this device: the 'Urgent' label and the title count still alert.
  }
}
