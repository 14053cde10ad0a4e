/// Whether sending a request again can do its work twice (`Replay` in the shared client core).
public enum BlueskyReplay: Sendable, Equatable {
    /// Reads and session calls: retried freely.
    case safe
    /// A `createRecord` whose record key was chosen before the first attempt: a
    /// retry cannot make a second record, but once an attempt ended without a
    /// clear answer, a refusal of a later one (or a 2xx whose body cannot be
    /// read) may mean the record exists: the error is then `outcomeUnknown`,
    /// and the caller looks the record key up.
    case refusedWhenRepeated
}
