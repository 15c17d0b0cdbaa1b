import { expect, test } from 'vitest';
import { parseSessionNotice } from '../plugins/session-cache.ts';
import { type KnownSession, SessionCache, sessionTokenHash, sha256 } from './session-cache.ts';

interface Account {
  id: string;
  rol: string;
}

const HOUR = 3_600_000;

/** A cache on a clock the test moves, and a session store its loads read. */
function setup(options: { ttlMs?: number; max?: number } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache<Account>({
    ttlMs: options.ttlMs ?? 5000,
    max: options.max ?? 100,
    now: () => now,
  });
  const store = new Map<string, KnownSession<Account>>();
  let reads = 0;
  const sign = (token: string) => `${token}.signature-of-${token}`;
  const add = (token: string, userId: string, expiresInMs = HOUR) =>
    store.set(token, {
      user: { id: userId, rol: 'user' },
      token,
      expiresAt: new Date(now + expiresInMs),
    });
  const get = (token: string) =>
    cache.get(sign(token), async () => {
      reads += 1;
      return store.get(token) ?? null;
    });
  return {
    cache,
    store,
    add,
    get,
    sign,
    reads: () => reads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

test('a session read once is served from memory until the TTL, then read again', async () => {
  const t = setup({ ttlMs: 5000 });
  t.add('tok1', 'u1');
  expect((await t.get('tok1'))?.id).toBe('u1');
  t.advance(4999);
  expect((await t.get('tok1'))?.id).toBe('u1');
  expect(t.reads()).toBe(1);
  t.advance(1);
  expect((await t.get('tok1'))?.id).toBe('u1');
  expect(t.reads()).toBe(2);
  expect(t.cache.hits).toBe(1);
  expect(t.cache.misses).toBe(2);
});

test('never past the session’s own expiry', async () => {
  const t = setup({ ttlMs: 5000 });
  t.add('tok1', 'u1', 1000);
  await t.get('tok1');
  t.advance(999);
  await t.get('tok1');
  expect(t.reads()).toBe(1);
  t.advance(1);
  t.store.delete('tok1'); // expired: Better Auth would answer no session
  expect(await t.get('tok1')).toBeNull();
  expect(t.reads()).toBe(2);
});

test('no session is an answer read every time, never kept', async () => {
  const t = setup();
  expect(await t.get('unknown')).toBeNull();
  expect(await t.get('unknown')).toBeNull();
  expect(t.reads()).toBe(2);
  expect(t.cache.size).toBe(0);
});

test('bounded: past max, the session read least recently goes first', async () => {
  const t = setup({ max: 3 });
  for (const token of ['a', 'b', 'c']) {
    t.add(token, `user-${token}`);
    await t.get(token);
  }
  await t.get('a'); // a is now the most recently read; b the least
  t.add('d', 'user-d');
  await t.get('d');
  expect(t.cache.size).toBe(3);
  const before = t.reads();
  await t.get('a');
  await t.get('c');
  await t.get('d');
  expect(t.reads()).toBe(before);
  await t.get('b');
  expect(t.reads()).toBe(before + 1);
});

test('dropped by session (the hash of its token) or by account, nothing else', async () => {
  const t = setup();
  t.add('s1', 'u1');
  t.add('s2', 'u1');
  t.add('s3', 'u2');
  for (const token of ['s1', 's2', 's3']) await t.get(token);
  t.cache.dropSession(sha256('s1'));
  expect(t.cache.size).toBe(2);
  t.cache.dropUser('u1');
  expect(t.cache.size).toBe(1);
  const before = t.reads();
  await t.get('s3');
  expect(t.reads()).toBe(before);
  await t.get('s1');
  await t.get('s2');
  expect(t.reads()).toBe(before + 2);
});

test('a read begun before a drop is not kept (it may have seen the session before its end)', async () => {
  const t = setup();
  t.add('s1', 'u1');
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const loading = t.cache.get(t.sign('s1'), async () => {
    await gate;
    return t.store.get('s1') ?? null;
  });
  t.cache.dropUser('u1');
  release();
  expect((await loading)?.id).toBe('u1'); // that request was under way: it is answered
  expect(t.cache.size).toBe(0); // but the next one reads again
});

test('concurrent requests of one session share a single read', async () => {
  const t = setup();
  t.add('s1', 'u1');
  const answers = await Promise.all([t.get('s1'), t.get('s1'), t.get('s1')]);
  expect(answers.map((a) => a?.id)).toEqual(['u1', 'u1', 'u1']);
  expect(t.reads()).toBe(1);
});

test('a session is kept only when the one read is the cookie’s own', async () => {
  const t = setup();
  // Better Auth answered for another token than the cookie's (a header carrying two cookies).
  const account = await t.cache.get(t.sign('cookie-token'), async () => ({
    user: { id: 'u9', rol: 'user' },
    token: 'other-token',
    expiresAt: new Date(Date.now() + HOUR),
  }));
  expect(account?.id).toBe('u9');
  expect(t.cache.size).toBe(0);
});

test('the token hash is of the cookie’s value before its signature, URL-encoded or not', () => {
  expect(sessionTokenHash('abc.sig%2Bx%3D')).toBe(sha256('abc'));
  expect(sessionTokenHash(encodeURIComponent('abc.sig+x='))).toBe(sha256('abc'));
  expect(sessionTokenHash('abc')).toBe(sha256('abc'));
});

test('a TTL of 0 keeps nothing', async () => {
  const t = setup({ ttlMs: 0 });
  t.add('s1', 'u1');
  await t.get('s1');
  await t.get('s1');
  expect(t.reads()).toBe(2);
});

test('notices are read back, or refused (then every kept session is dropped)', () => {
  const hash = sha256('x');
  expect(parseSessionNotice(JSON.stringify({ session: hash }))).toEqual({ session: hash });
  expect(parseSessionNotice('{"user":"abc"}')).toEqual({ user: 'abc' });
  expect(parseSessionNotice('{"session":"not-a-hash"}')).toBeNull();
  expect(parseSessionNotice('{"user":""}')).toBeNull();
  expect(parseSessionNotice('{"user":"a","session":"b"}')).toBeNull();
  expect(parseSessionNotice('{"hotel":1}')).toBeNull();
  expect(parseSessionNotice('not json')).toBeNull();
});
