import { Component, type ReactNode } from 'react';
import type * as Transfer from './handover-transfer';

type HandoverProps = {
  /** Whether the live component is in place; the hand-over happens in the commit that turns this on. */
  live: boolean;
  /** The island's element (the same element before and after: only its content is replaced). */
  container: () => HTMLElement | null;
  /** The capture and restore code, loaded with the live component (present by the time `live` turns on). */
  transfer: typeof Transfer | null;
  children: ReactNode;
};

/**
 * Carries what the visitor typed into the server's markup over to the live component that replaces it (issue #23.2).
 * The live component starts from the values read when its code arrived; on a slow phone the visitor goes on typing
 * while React renders it, and those keys went into fields about to be thrown away. Here the markup's state is read
 * just before React changes the DOM (getSnapshotBeforeUpdate, which no hook offers) and written into the new controls
 * in the same commit, with the focus and the caret: no key can land in between, as the browser handles none during a
 * commit. A class, because only a class has a step before React changes the DOM.
 */
export class Handover extends Component<HandoverProps> {
  override getSnapshotBeforeUpdate(previous: HandoverProps): Transfer.TypedState | null {
    if (previous.live || !this.props.live) return null;
    const root = this.props.container();
    return root && this.props.transfer ? this.props.transfer.capture(root) : null;
  }

  override componentDidUpdate(_previous: HandoverProps, _state: unknown, typed: Transfer.TypedState | null) {
    const root = this.props.container();
    if (typed && root) this.props.transfer?.restore(root, typed);
  }

  override render() {
    return this.props.children;
  }
}
