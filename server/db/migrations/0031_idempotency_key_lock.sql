-- The advisory lock of a learner's Idempotency-Key (decision 106). Every path that writes a key takes it first in
-- its transaction, before any row: the transaction of one keyed change (server/http/idempotency.ts) and a batch
-- of the reader's reading-time reports, which takes its keys' locks in ascending order and writes each key once,
-- with its answer, at the end (server/activity/free-reports.ts). A change and a retry of it then wait for each
-- other at the lock, never in a cycle of rows. A collision of two keys' hashes only makes one wait for the other.
CREATE FUNCTION "idempotency_key_lock"(user_id uuid, key uuid) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN hashtextextended('idempotency-key:' || user_id::text || ':' || key::text, 0);
