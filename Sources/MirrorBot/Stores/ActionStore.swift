/// The daemon's memory in one store (PostgreSQL keeps it in one schema): each
/// loop asks only for the parts it uses.
public typealias ActionStore = CursorStore & MentionClaims & LikeClaims & TrainingMarks & JobRecord
