-- A job about a row waits in the queue once: enqueuing a second queued job of the same kind and row does nothing, and
-- a job put back (a retry, a hand-back, a turn yielded) while a twin waits is dropped in favour of the twin. The
-- embedding queue relies on it: each site with chunks waiting has one `embed` job queued, however many page writes,
-- sweeps and yielded turns ask for one. A running job is outside the index, so a write during a run queues the next.
CREATE UNIQUE INDEX IF NOT EXISTS jobs_one_queued_per_ref_idx ON jobs (kind, ref) WHERE status = 'queued';
