import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, SHARE_CLAIM_MAX_FILES, shareContent, text } from '@clipsync/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { limitKeyOf } from '../../lib/address-limit-key';
import { drainRefusedBody } from '../../lib/refused-body-drain';
import { isMalformedMultipart } from '../../plugins/errors';
import type { StoredUpload } from '../../storage/store-upload';
import type { ShareClaimsContext } from './share-claims.context';
import {
  assertShareWelcome,
  forgetStoredFiles,
  keepShare,
  RefusedShare,
  storeSharedFile,
  type RefusedShareReason,
} from './share-claims.service';

/** The app's page that saves a share (apps/web/src/features/share/SharePage.tsx). */
const SHARE_PAGE = '/share';
/** A text field of the share sheet (title, text or link) is far under this. */
const MAX_FIELD_BYTES = 64 * 1024;
const TEXT_FIELDS = ['title', 'text', 'url'] as const;
const TEXT_FIELD = text();

/**
 * The installed app's share target (its manifest's `share_target`) is caught by its service worker. A POST
 * that reaches the server had no worker to catch it (a first visit, a browser without one), and the server
 * cannot tell whose it is (the app signs in with bearer tokens, not cookies): it keeps the share under a
 * single-use claim link and sends the browser there, in the fragment (`/share#claim=<token>`), which no log
 * or Referer carries. A share it cannot keep (the address's limit, the caps on what waits, a file over 10 MB)
 * goes to `/share?not-received=<reason>`, which says so, as does a form it cannot read (cut short, or a field
 * holding a NUL, which no string of the API takes). Cross-site posts are let through
 * (plugins/request-origin-checks.ts): a kept share is only a proposal the signed-in user must still accept.
 */
export function shareTargetRoutes(ctx: ShareClaimsContext): FastifyPluginAsync {
  return async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: SHARE_CLAIM_MAX_FILES, fields: 10, fieldSize: MAX_FIELD_BYTES },
      fileHwm: 1024 * 1024,
    });
    // Any other body is not a share sheet's: read to its end, unkept.
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.on('end', () => done(null));
      payload.on('error', done);
      payload.resume();
    });
    scope.post('/share-target', { schema: { hide: true } }, async (request, reply) => {
      if (!request.isMultipart()) return reply.redirect(`${SHARE_PAGE}?not-received`, 303);
      const stored: StoredUpload[] = [];
      try {
        await assertShareWelcome(ctx, limitKeyOf(request.ip), Number(request.headers['content-length'] ?? 0));
        const fields = await receiveShare(ctx, request, stored);
        const content = shareContent(fields);
        if (!content && stored.length === 0) return await reply.redirect(`${SHARE_PAGE}?not-received`, 303);
        const token = await keepShare(ctx, { content, files: stored });
        return await reply.redirect(`${SHARE_PAGE}#claim=${token}`, 303);
      } catch (error) {
        await forgetStoredFiles(ctx, stored);
        return refuse(request, reply, error);
      }
    });
  };
}

/** Reads the form in order: text fields kept, each file streamed into the store as it comes (never buffered). */
async function receiveShare(ctx: ShareClaimsContext, request: FastifyRequest, stored: StoredUpload[]) {
  const fields = { title: '', text: '', url: '' };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'files' || !part.filename) {
        part.file.resume();
        continue;
      }
      const file = await storeSharedFile(ctx, { name: part.filename, type: part.mimetype, stream: part.file });
      if (file.size > 0) stored.push(file);
      else await forgetStoredFiles(ctx, [file]);
    } else if ((TEXT_FIELDS as readonly string[]).includes(part.fieldname) && typeof part.value === 'string') {
      // The same rule as every string of the API (it reaches share_claims.content, and SQL refuses a NUL).
      const value = TEXT_FIELD.safeParse(part.value);
      if (!value.success) throw new RefusedShare('malformed');
      fields[part.fieldname as (typeof TEXT_FIELDS)[number]] = value.data.trim();
    }
  }
  return fields;
}

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const reason: RefusedShareReason | undefined =
    error instanceof RefusedShare
      ? error.reason
      : multipartCodeOf(error) === 'FST_FILES_LIMIT'
        ? 'too-many-files'
        : isMultipartLimit(error)
          ? 'too-large'
          : isMalformedMultipart(error)
            ? 'malformed'
            : undefined;
  if (!reason) throw error;
  request.log.info({ reason }, 'share not kept');
  drainRefusedBody(request, reply);
  return reply.redirect(`${SHARE_PAGE}?not-received=${reason}`, 303);
}

const multipartCodeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * @fastify/multipart's refusals of too many files, fields or too long a field. Too many files has its own
 * reason, so the page can say the limit (SHARE_CLAIM_MAX_FILES) rather than guess which was exceeded.
 */
function isMultipartLimit(error: unknown): boolean {
  const code = multipartCodeOf(error);
  return typeof code === 'string' && /^FST_(FILES|FIELDS|PARTS)_LIMIT$|^FST_REQ_FILE_TOO_LARGE$/.test(code);
}
