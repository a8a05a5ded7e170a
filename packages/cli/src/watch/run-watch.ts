import type { ApiClient } from '../api-client';
import type { ClipboardBackend } from '../clipboard/backend';
import type { ToolRunner } from '../clipboard/tools';
import { CliError } from '../errors';
import { EXIT } from '../exit-codes';
import { formatBytes, printableJson } from '../format';
import { writeLine, type CliIo } from '../io';
import type { WatchStateWriter } from '../service/watch-state';
import { openClipChannel } from './clip-channel';
import { ClipboardSync, type SyncActivity } from './clipboard-sync';
import { DeviceSendReceiver, describeSend, type ReceivedSend } from './device-sends';
import { WatchKeys } from './watch-keys';

export interface WatchSetup {
  io: CliIo;
  json: boolean;
  backend: ClipboardBackend;
  tools: ToolRunner;
  client: ApiClient;
  token: string;
  send: boolean;
  receive: boolean;
  /** Shows a received send as a desktop notification (a watch run as the service, without `--quiet`). */
  notify?: (arrived: ReceivedSend) => void;
  /** Records the last sync and the last problem for `watch --status` (a watch run as the service). */
  state?: WatchStateWriter;
}

/** Bound on the wait for a send or write in flight when the watch stops: Ctrl-C must end it promptly. */
const STOP_WAIT_MS = 3_000;

export const REVOKED_MESSAGE =
  'The server refused this token (revoked or expired): watch stopped. Run clipsync login to sign in again.';

export const CONCEALED_MESSAGE = 'Skipped a clipboard entry a password manager marked as secret.';

/**
 * Runs the watch until Ctrl-C or SIGTERM (exit 0) or until the token is refused (exit 3): the clipboard's
 * backend, the live socket and the sync between them, each stopped on the way out, child processes killed.
 */
export async function runWatch(setup: WatchSetup): Promise<number> {
  const { io, json, backend, tools, client, token, send, receive, notify, state } = setup;
  const say = (human: string, machine: object) =>
    json ? writeLine(io.stdout, printableJson(machine)) : writeLine(io.stdout, human);
  const synced = () => void state?.synced();
  const problem = (message: string) => {
    void state?.failed(message);
    if (json) writeLine(io.stderr, printableJson({ event: 'problem', message }));
    else writeLine(io.stderr, `clipsync watch: ${message}`);
  };

  let finish: (outcome: CliError | null) => void = () => {};
  const finished = new Promise<CliError | null>((resolve) => (finish = resolve));

  // A sealed account's key, asked once and kept in memory for the watch's lifetime (a locked machine stops here).
  const keys = new WatchKeys(io, client);
  const sync = new ClipboardSync({
    keys,
    backend,
    client,
    send,
    receive,
    activity: (activity) => {
      synced();
      say(describe(activity), activity);
    },
    problem,
    // Not a failure (`watch --status` keeps its last problem): the watch did what it should.
    concealed: () =>
      json
        ? writeLine(io.stderr, printableJson({ event: 'skipped', reason: 'concealed', message: CONCEALED_MESSAGE }))
        : writeLine(io.stderr, `clipsync watch: ${CONCEALED_MESSAGE}`),
    fatal: (error) => finish(new CliError(REVOKED_MESSAGE, EXIT.NOT_SIGNED_IN, error.body)),
  });
  // What the account's devices send here: acted on once per id, into the clipboard when the policy accepts
  // and this watch writes the clipboard; acknowledged either way, or the server would hand it over again.
  const sends = new DeviceSendReceiver({
    client,
    keys,
    ...(receive ? { putInClipboard: (text: string) => sync.putText(text) } : {}),
    report: (arrived) => {
      synced();
      say(describeSend(arrived), arrived);
      notify?.(arrived);
    },
  });
  // The newest clip, and the first proof that the server is there and takes the token (exit 3 or 4 if not).
  try {
    await keys.start();
    await sync.start();
  } catch (error) {
    await state?.failed(error instanceof Error ? error.message : String(error));
    throw error;
  }
  synced();

  let connected = false;
  let announced = false;
  const announceOnceReady = () => {
    if (announced || !connected || (send && !sync.baselineTaken)) return;
    announced = true;
    const direction = send && receive ? 'sending and receiving' : send ? 'sending only' : 'receiving only';
    say(`Watching the clipboard through ${backend.name} with ${client.server}: ${direction}. Ctrl-C stops.`, {
      event: 'ready',
      backend: backend.name,
      server: client.server,
      send,
      receive,
    });
  };

  const closeChannel = openClipChannel(client.server, token, {
    connected(again) {
      connected = true;
      synced();
      if (again) {
        say('Connected again.', { event: 'reconnected' });
        void sync.reconnected();
      }
      announceOnceReady();
    },
    lost: (reason) => problem(`connection lost (${reason}), reconnecting…`),
    refused: () => finish(new CliError(REVOKED_MESSAGE, EXIT.NOT_SIGNED_IN)),
    created: (clip) => sync.created(clip),
    updated: (clip) => sync.updated(clip),
    sent: (send, ack) => void sends.received(send, ack),
  });
  const stopFollowing = send
    ? backend.follow((content) => {
        sync.observed(content);
        announceOnceReady();
      }, problem)
    : null;

  const interrupted = () => finish(null);
  io.signal?.addEventListener('abort', interrupted);
  if (io.signal?.aborted) interrupted();
  const outcome = await finished;
  io.signal?.removeEventListener('abort', interrupted);

  closeChannel();
  await stopFollowing?.();
  tools.stop();
  await Promise.race([sync.stop(), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
  if (outcome) await state?.failed(outcome.message);
  await state?.settled();
  if (outcome) throw outcome;
  say('Stopped.', { event: 'stopped' });
  return EXIT.OK;
}

function describe({ event, kind, clipId, size }: SyncActivity): string {
  const what = kind === 'text' ? `text (${size.toLocaleString('en')} characters)` : `an image (${formatBytes(size)})`;
  return event === 'sent' ? `Sent ${what}: clip ${clipId}` : `Received ${what} from clip ${clipId}`;
}
