import Foundation

/// One parser of outside input, fed arbitrary bytes. It must return normally or
/// throw the parser's own input error; anything else (a trap, a broken property
/// checked with `fuzzCheck`) is a crash libFuzzer reports and keeps.
struct FuzzTarget: Sendable {
    let name: String
    let about: String
    let run: @Sendable (UnsafeRawBufferPointer) -> Void

    nonisolated(unsafe) static var selected: FuzzTarget?

    static let all: [FuzzTarget] = [
        .arguments, .archiveTweets, .archiveLikes, .timestamp, .jsonlPosts, .jsonlClassifier,
        .mastodonOutbox, .mastodonHTML, .resp, .percentEncoding, .xResponse, .mastodonResponse, .blueskyCAR,
        .blueskyResponse, .jsonLastKey, .misskeyExport, .misskeyResponse,
    ]

    static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}

/// A property the fuzzer checks: when it fails, the message goes to stderr and the process aborts.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("fuzz property failed: \(message())\n".utf8))
    abort()
}

/// The input as text, invalid UTF-8 repaired (as argv, environment and most readers do).
func text(_ bytes: UnsafeRawBufferPointer) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// Waits for async work from libFuzzer's synchronous callback (the work runs on the cooperative pool).
func blocking(_ body: @escaping @Sendable () async -> Void) {
    let done = DispatchSemaphore(value: 0)
    Task {
        await body()
        done.signal()
    }
    done.wait()
}
