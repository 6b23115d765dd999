// Play: runs the time t of a moving scene from where it is (from 0 at the end of the range) to
// maxTime, one step per animation frame, for the app and the demo element alike.

/** Play runs the whole time range in this many seconds. */
const PLAY_SECONDS = 4;

export class MotionPlayer {
  #frame = 0;

  /**
   * time: the view's { t, maxTime, playing } (read and set here: t at the start, playing);
   * setTime(t, { transient }) shows the scene at t (transient while it plays).
   */
  constructor(time, setTime) {
    this.time = time;
    this.setTime = setTime;
  }

  /** Plays, or pauses where it is. */
  toggle() {
    const time = this.time;
    if (time.playing) {
      this.stop();
      this.setTime(time.t);
      return;
    }
    if (time.t >= time.maxTime) time.t = 0;
    time.playing = true;
    let last = performance.now();
    const frame = (now) => {
      const t = time.t + ((now - last) / 1000 / PLAY_SECONDS) * time.maxTime;
      last = now;
      if (t >= time.maxTime) {
        this.stop();
        this.setTime(time.maxTime);
        return;
      }
      this.setTime(t, { transient: true });
      this.#frame = requestAnimationFrame(frame);
    };
    this.#frame = requestAnimationFrame(frame);
  }

  stop() {
    cancelAnimationFrame(this.#frame);
    this.time.playing = false;
  }
}
