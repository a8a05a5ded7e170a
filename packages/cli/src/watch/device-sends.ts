import { DEVICE_ENDPOINTS, type DeviceSendPayload, type ReceivePolicy } from '@clipsync/shared';
import { DecryptError } from '@clipsync/shared/crypto';
import type { ApiClient } from '../api-client';
import { lockedError } from '../sealed/clipboard';
import { readClip } from '../session';
import type { ClipKeys } from './watch-keys';
import { printable } from '../format';

/** How many handled ids are kept: far more than can arrive between two redeliveries (30 s). */
const HANDLED_IDS_KEPT = 1_000;

export interface DeviceSendReceiverOptions {
  client: ApiClient;
  /**
   * Puts a text into the OS clipboard (through the watch's sync, so it is not sent back as a copy). Left out
   * by a watch that does not write the clipboard (`--send-only`): sends are then only reported, and still
   * acknowledged, so that the server stops handing them over.
   */
  putInClipboard?: (text: string) => Promise<void>;
  /** One line of what arrived, for the watch's log. */
  report(arrived: ReceivedSend): void;
  /** A sealed account's key, which opens its sealed sends (and sent clips); without it they are told, not opened. */
  keys?: ClipKeys;
}

/** What `watch` did with one send: put it into the clipboard, or only said it arrived. */
export interface ReceivedSend {
  event: 'send-received';
  id: string;
  from: string;
  /** `clipboard` when put into the clipboard (policy accept), `shown` otherwise. */
  action: 'clipboard' | 'shown';
  text: string | null;
  clipId: string | null;
  files: string[];
  /** Why a sealed send's text was not opened here (locked, altered, another account's); absent otherwise. */
  unopened?: string;
}

/** The text a send carries: its own, or its clip's unless end-to-end encrypted (only a key holder can read that). */
const textOf = (send: DeviceSendPayload): string | null =>
  send.text ?? (send.clip && !send.clip.encrypted ? send.clip.content : null);

/** A sealed send (its text an envelope, `wrappedKey` set), or a send of a clip the account's clipboard sealed. */
const isSealed = (send: DeviceSendPayload): boolean =>
  (send.text !== undefined && send.wrappedKey !== undefined) || send.clip?.encrypted === true;

/**
 * What `watch` does with `device:send`: acts on each id once (a send comes again until it is acknowledged,
 * and on every reconnect while it waits), then acknowledges it, every time. With this device's receive
 * policy `accept` the text goes into the OS clipboard; otherwise a line says what arrived.
 */
export class DeviceSendReceiver {
  readonly #handled = new Set<string>();
  #queue: Promise<void> = Promise.resolve();
  /** Sends taken and not yet handled: the policy read for the first of a burst serves the rest of it. */
  #waiting = 0;
  #policyRead: ReceivePolicy | null = null;

  constructor(private readonly options: DeviceSendReceiverOptions) {}

  /** One send as the socket brought it; `ack` tells the server this device has it. Sends are handled in order. */
  received(send: DeviceSendPayload, ack: () => void): Promise<void> {
    this.#waiting += 1;
    this.#queue = this.#queue.then(async () => {
      try {
        if (!this.#handled.has(send.id)) {
          this.#remember(send.id);
          await this.#act(send);
        }
        ack();
      } finally {
        this.#waiting -= 1;
        // The burst is over: the next send asks again, so a changed policy applies to it.
        if (this.#waiting === 0) this.#policyRead = null;
      }
    });
    return this.#queue;
  }

  #remember(id: string): void {
    this.#handled.add(id);
    if (this.#handled.size > HANDLED_IDS_KEPT) {
      const oldest = this.#handled.values().next().value;
      if (oldest !== undefined) this.#handled.delete(oldest);
    }
  }

  /**
   * The text in the clear: a sealed text send opened with the kept key; a sent clip that is end-to-end encrypted
   * is read (its owner's answer carries its wrapped key) and opened when its key is the account's. A link's
   * encrypted clip stays unread: its key is only in its link.
   */
  async #textOf(send: DeviceSendPayload): Promise<{ text: string | null; unopened?: string }> {
    if (!isSealed(send)) return { text: textOf(send) };
    const { keys, client } = this.options;
    try {
      if (send.text !== undefined && send.wrappedKey !== undefined) {
        if (!keys) throw lockedError();
        return { text: await (await keys.forReading()).openText({ content: send.text, wrappedKey: send.wrappedKey }) };
      }
      if (!keys) return { text: null };
      const clip = await readClip(client, send.clip!.id);
      if (clip.wrappedKey === undefined) return { text: null };
      return { text: await (await keys.forReading()).openText({ content: clip.content, wrappedKey: clip.wrappedKey }) };
    } catch (error) {
      if (error instanceof DecryptError)
        return {
          text: null,
          unopened: "it does not open with this account's key (altered, cut, or another account's)",
        };
      return { text: null, unopened: error instanceof Error ? error.message : String(error) };
    }
  }

  async #act(send: DeviceSendPayload): Promise<void> {
    const { text, unopened } = await this.#textOf(send);
    const put = this.options.putInClipboard;
    const intoClipboard = put !== undefined && text !== null && text !== '' && (await this.#policy()) === 'accept';
    if (intoClipboard) await put(text);
    this.options.report({
      event: 'send-received',
      id: send.id,
      from: send.from.name,
      action: intoClipboard ? 'clipboard' : 'shown',
      text,
      clipId: send.clip?.id ?? null,
      files: send.clip?.files.map((file) => `${this.options.client.server}${file.url}`) ?? [],
      ...(unopened === undefined ? {} : { unopened }),
    });
  }

  /** This device's receive policy as the account's device list has it now; `ask` when it cannot be read. */
  async #policy(): Promise<ReceivePolicy> {
    if (this.#policyRead) return this.#policyRead;
    let policy: ReceivePolicy = 'ask';
    try {
      const { devices } = await this.options.client.call(DEVICE_ENDPOINTS.list);
      policy = devices.find((device) => device.current)?.receivePolicy ?? 'ask';
    } catch {
      // Unreadable (offline a moment, or a token that may not list devices): ask, the safe default.
    }
    this.#policyRead = policy;
    return policy;
  }
}

/** The watch's line for a send. */
export function describeSend(arrived: ReceivedSend): string {
  const what =
    arrived.text !== null && arrived.text !== ''
      ? `text (${arrived.text.length.toLocaleString('en')} characters)`
      : arrived.clipId
        ? `clip ${arrived.clipId}`
        : 'an empty send';
  const files = arrived.files.length > 0 ? ` with ${arrived.files.length} file(s): ${arrived.files.join(' ')}` : '';
  const where = arrived.action === 'clipboard' ? ', put in the clipboard' : '';
  if (arrived.unopened !== undefined) {
    return `Sent from ${printable(arrived.from)}: ${arrived.clipId ? `clip ${arrived.clipId}` : 'a sealed text'}${files}, not opened: ${arrived.unopened}`;
  }
  // JSON's quoting shows a line break or a tab as \n or \t; printable then covers what it leaves raw (C1, bidi).
  const preview =
    arrived.action === 'shown' && arrived.text ? `: ${printable(JSON.stringify(arrived.text.slice(0, 200)))}` : '';
  return `Sent from ${printable(arrived.from)}: ${what}${files}${where}${preview}`;
}
