import {
  DEVICE_ENDPOINTS,
  CLIP_ENDPOINTS,
  DEVICE_SEND_ENDPOINTS,
  DEVICE_SEND_TARGETS_MAX,
  MAX_UPLOAD_BYTES,
  type CreateDeviceSendRequest,
  type Device,
} from '@clipsync/shared';
import { COMMON_OPTIONS, COMMON_USAGE, parseCommandArgs, printJson, type Command } from '../command';
import { usageError } from '../errors';
import { pickDevice } from '../device-match';
import { formatBytes, printable } from '../format';
import { filesToUpload, textToPush } from '../input';
import { writeLine } from '../io';
import { accountClipboard, sealedRefusal, type SealedClipboard } from '../sealed/clipboard';
import { newClipBody } from '../sealed/create';
import { sealText } from '../sealed/seal';
import { signedInClient } from '../session';

/**
 * The devices the names pick among the account's other devices (this one is never a target): each a name, the
 * start of one (case-insensitive) or an id; unknown or ambiguous is exit 2 with the candidates and their ids.
 */
export function pickDevices(devices: readonly Device[], names: readonly string[]): Device[] {
  const others = devices.filter((device) => !device.current);
  const picked = names.map((name) =>
    pickDevice(others, name, ([first]) => `give the start of its id instead, e.g. clipsync send --to ${first!.start}`),
  );
  return picked.filter((device, index) => picked.findIndex(({ id }) => id === device.id) === index);
}

/**
 * A text send's text: as typed for a plain account; for a sealed one its envelope, sealed with a new clip key that
 * goes along wrapped by the account's sealing key (the receiving device opens it with its own unlocked key).
 */
export async function sendText(
  clipboard: SealedClipboard | null,
  text: string,
): Promise<Pick<CreateDeviceSendRequest, 'text' | 'wrappedKey'>> {
  if (!clipboard) return { text };
  const { key, wrappedKey } = await clipboard.newClipKey();
  return { text: await sealText(text, key), wrappedKey };
}

export const sendCommand: Command = {
  summary: "send text or files to some of your devices ('delivered' or 'queued' for each)",
  usage: `Usage: clipsync send --to DEVICE[,DEVICE…] [-t TEXT] [FILE…]

Sends to your own devices, each named by its name, the start of its name (both case-insensitively)
or its id, as clipsync devices lists them. The text is --text, else what comes on stdin; with FILEs,
a clip is made of the text and the files (at most ${formatBytes(MAX_UPLOAD_BYTES)} each) and that clip is sent.
For each device it prints "delivered" (its socket has it now) or "queued" (it gets it when it next
connects, within 7 days). An unknown name, or one several devices match, is exit 2, with the
candidates and their ids. When your clipboard is encrypted end to end, the text (or the clip) is sealed
here with the key clipsync unlock kept, and the receiving device opens it with its own.

Options:
  --to DEVICES     the devices, comma-separated (at most ${DEVICE_SEND_TARGETS_MAX})
  -t, --text TEXT  the text to send
${COMMON_USAGE}
`,
  async run({ io, args, json }) {
    const { values, positionals } = parseCommandArgs(
      {
        args,
        options: { ...COMMON_OPTIONS, to: { type: 'string' }, text: { type: 'string', short: 't' } },
        allowPositionals: true,
      },
      {},
    );
    const names = (values.to ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (names.length === 0) throw usageError('Say where with --to DEVICE[,DEVICE…] (clipsync devices lists them)');
    if (names.length > DEVICE_SEND_TARGETS_MAX) throw usageError(`At most ${DEVICE_SEND_TARGETS_MAX} devices per send`);
    const files = await filesToUpload(io, positionals);
    const text = (await textToPush(io, values.text)) ?? '';
    if (text === '' && files.length === 0) {
      throw usageError('Nothing to send: give --text, pipe text on stdin, or name files');
    }
    const client = await signedInClient(io);
    const targets = pickDevices((await client.call(DEVICE_ENDPOINTS.list)).devices, names);

    const clipboard = await accountClipboard(io, client);
    const to = targets.map(({ id }) => id);
    let body: CreateDeviceSendRequest;
    if (files.length > 0) {
      // Files travel as a clip: made here by the usual upload path (sealed for a sealed account), then sent by its id.
      const made = await newClipBody(clipboard, text, files);
      const clip = await client.call(CLIP_ENDPOINTS.create, { body: made.body }).catch((error: unknown) => {
        throw sealedRefusal(error);
      });
      for (const file of made.uploads) {
        await client.upload(CLIP_ENDPOINTS.uploadFile, { params: { id: clip.id } }, file);
      }
      body = { to, clipId: clip.id };
    } else {
      body = { to, ...(await sendText(clipboard, text)) };
    }
    const { sends } = await client.call(DEVICE_SEND_ENDPOINTS.create, { body }).catch((error: unknown) => {
      throw sealedRefusal(error);
    });
    const named = sends.map((send) => ({ ...send, name: targets.find(({ id }) => id === send.deviceId)?.name ?? '' }));
    if (json) printJson(io, { sends: named, ...(body.clipId ? { clipId: body.clipId } : {}) });
    else for (const send of named) writeLine(io.stdout, `${printable(send.name)}: ${send.status}`);
  },
};
