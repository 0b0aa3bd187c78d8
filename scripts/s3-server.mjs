// A throwaway S3-compatible server (s3rver) for the API tests' S3 pass, on a free loopback port with its
// data in a temporary folder that is removed when it stops.
//
//   node scripts/s3-server.mjs                 prints `TEST_S3_ENDPOINT=http://127.0.0.1:PORT`, serves until
//                                              SIGINT or SIGTERM
//   node scripts/s3-server.mjs -- CMD ARGS…    runs CMD with TEST_S3_ENDPOINT (and the keys) set, stops the
//                                              server and exits with CMD's status (what .ci/run uses)
//
// The bucket `catamaran` is created at start; the API tests make a bucket of their own per test file.
//
// s3rver 3.7 answers AbortMultipartUpload with 405 and ListMultipartUploads with 501. The app needs the
// first (lib-storage aborts a multipart upload whose body failed, and the abort's error replaces the body's,
// so an audio file over the limit was answered 500 rather than 413), and the tests use the second to see
// that nothing is left behind; both are added below, on s3rver's own store.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

// s3rver's one account; it checks signatures made with this key and accepts unsigned reads.
const KEYS = { TEST_S3_ACCESS_KEY_ID: 'S3RVER', TEST_S3_SECRET_ACCESS_KEY: 'S3RVER' };

async function start() {
  const directory = await mkdtemp(join(tmpdir(), 'catamaran-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0, // the system picks a free port, read back below: no race with another process
    silent: true,
    directory,
    configureBuckets: [{ name: 'catamaran', configs: [] }],
  });
  server.middleware.unshift(multipartUploads(server.store));
  const { port } = await server.run();
  let stopped;
  const stop = () => {
    stopped ??= server.close().finally(() => rm(directory, { recursive: true, force: true }));
    return stopped;
  };
  return { endpoint: `http://127.0.0.1:${port}`, stop };
}

/** AbortMultipartUpload and ListMultipartUploads over the uploads folder of s3rver's filesystem store. */
function multipartUploads(store) {
  const xml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return async (ctx, next) => {
    const [, bucket, key] = /^\/([^/]+)\/?(.*)$/.exec(ctx.path) ?? [];
    if (!bucket) return next();
    const folder = store.getResourcePath(bucket, undefined, 'uploads');
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && key && typeof uploadId === 'string' && /^[0-9a-f]+$/.test(uploadId)) {
      await rm(join(folder, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const ids = await readdir(folder).catch(() => []);
      const uploads = [];
      for (const id of ids) {
        const uploadKey = await readFile(join(folder, id, 'key'), 'utf8').catch(() => undefined);
        if (uploadKey?.startsWith(prefix)) uploads.push({ id, key: uploadKey });
      }
      ctx.type = 'application/xml';
      ctx.body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
        `<Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix><IsTruncated>false</IsTruncated>`,
        ...uploads.map((u) => `<Upload><Key>${xml(u.key)}</Key><UploadId>${u.id}</UploadId></Upload>`),
        '</ListMultipartUploadsResult>',
      ].join('');
      return;
    }
    return next();
  };
}

const separator = process.argv.indexOf('--');
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
const { endpoint, stop } = await start();

if (command.length === 0) {
  console.info(`TEST_S3_ENDPOINT=${endpoint}`);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => stop().then(() => process.exit(0)));
  }
} else {
  console.info(`s3rver listening at ${endpoint}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_S3_ENDPOINT: endpoint, ...KEYS },
  });
  // A signal to this script (Ctrl-C, CI cancelling) reaches the child through the terminal or is passed on;
  // the server stops once the child has ended.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const status = await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`Could not run ${command[0]}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  await stop();
  process.exit(status);
}
