/// Whether sending a request again can do its work twice: how the retry policy
/// treats an attempt that ended without a clear answer.
public enum Replay: Sendable, Equatable {
    /// Reads, idempotent writes (a like, a favourite) and writes carrying an
    /// idempotency key (Mastodon's `Idempotency-Key`): retried freely.
    case safe
    /// A write the server does not deduplicate but refuses when it sees it again
    /// (X's 403 "duplicate content"; a Bluesky record whose `rkey` was chosen before
    /// the first attempt). Retried after a 5xx or a lost connection; when such a
    /// retry is refused as a repeat, or a 2xx comes with a body that cannot be read,
    /// the error is `outcomeUnknown` and the request is not sent again.
    case refusedWhenRepeated
}
