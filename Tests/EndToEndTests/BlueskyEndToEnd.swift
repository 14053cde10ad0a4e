import Testing

/// The Bluesky end-to-end suites, one test at a time: each starts daemons or commands
/// against its own fake, and running them side by side only adds load to the machine
/// that the other networks' timing-sensitive tests share.
@Suite("Bluesky end to end", .serialized)
struct BlueskyEndToEnd {}
