// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "mirror-bot",
    products: [
        .executable(name: "mirror-bot", targets: ["mirror-bot"]),
        .library(name: "MirrorBot", targets: ["MirrorBot"]),
    ],
    targets: [
        // C libraries from Debian's -dev packages: a modulemap and a shim header each.
        .systemLibrary(name: "CLibPQ", path: "Sources/CLibPQ"),
        .systemLibrary(name: "CHiredis", path: "Sources/CHiredis"),
        .systemLibrary(name: "CMeCab", path: "Sources/CMeCab"),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto"),
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL"),

        // One thin, safe Swift wrapper per C library.
        .target(name: "QueueExecutor"),
        .target(name: "Postgres", dependencies: ["CLibPQ", "QueueExecutor"]),
        .target(name: "Redis", dependencies: ["CHiredis", "COpenSSL", "QueueExecutor"]),
        .target(name: "MeCab", dependencies: ["CMeCab"]),

        // URLSession on Linux, made safe to cancel (shared by the network clients).
        .target(name: "HTTPSupport"),

        // The X API v2 client: OAuth 1.0a signing, typed requests, rate limits.
        .target(name: "XAPI", dependencies: ["CCrypto", "HTTPSupport"]),

        // The domain: posts, scheduler, classifier, replies, trainer, daemon.
        .target(name: "MirrorBot", dependencies: ["Postgres", "Redis", "MeCab", "XAPI", "MastodonAPI"]),
        .target(name: "MirrorBotCLI", dependencies: ["MirrorBot", "Postgres", "Redis", "MeCab", "XAPI", "MastodonAPI"]),
        .executableTarget(name: "mirror-bot", dependencies: ["MirrorBotCLI"]),

        // The Mastodon API client: bearer tokens, typed requests, rate limits, Link paging.
        .target(name: "MastodonAPI", dependencies: ["HTTPSupport"]),

        // Fake X and Mastodon servers on loopback (tests and the local demo), over one small HTTP listener.
        .target(name: "FakeHTTP"),
        .target(name: "FakeX", dependencies: ["XAPI", "FakeHTTP"]),
        .target(name: "FakeMastodon", dependencies: ["MastodonAPI", "FakeHTTP"]),
        .executableTarget(name: "fake-x", dependencies: ["FakeX"]),

        // Benchmarks: run with `swift run -c release mirror-bot-bench`.
        .executableTarget(name: "mirror-bot-bench", dependencies: ["MirrorBot", "Postgres", "Redis", "MeCab", "FakeX", "XAPI"]),

        .target(name: "TestSupport", dependencies: ["MirrorBot", "Postgres", "Redis"], path: "Tests/TestSupport"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"]),
        .testTarget(name: "RedisTests", dependencies: ["Redis", "CHiredis", "TestSupport"]),
        .testTarget(name: "MeCabTests", dependencies: ["MeCab"]),
        .testTarget(name: "XAPITests", dependencies: ["XAPI", "FakeX"]),
        .testTarget(name: "MastodonAPITests", dependencies: ["MastodonAPI", "FakeMastodon"]),
        .testTarget(name: "MirrorBotTests", dependencies: ["MirrorBot", "TestSupport", "FakeX", "FakeMastodon"]),
        .testTarget(name: "MirrorBotCLITests", dependencies: ["MirrorBotCLI", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MirrorBot", "TestSupport", "FakeX", "FakeMastodon"]),
    ]
)
