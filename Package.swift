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

        // One thin, safe Swift wrapper per C library.
        .target(name: "QueueExecutor"),
        .target(name: "Postgres", dependencies: ["CLibPQ", "QueueExecutor"]),
        .target(name: "Redis", dependencies: ["CHiredis", "QueueExecutor"]),
        .target(name: "MeCab", dependencies: ["CMeCab"]),

        // URLSession on Linux, made safe to cancel (shared by the network clients).
        .target(name: "HTTPSupport"),

        // The X API v2 client: OAuth 1.0a signing, typed requests, rate limits.
        .target(name: "XAPI", dependencies: ["CCrypto", "HTTPSupport"]),

        // The domain core: posts, scheduler, classifier arithmetic, replies, learning, the daemon's loops,
        // and the small protocols they use. Foundation only: no C library, no network client.
        .target(name: "MirrorBot"),

        // Adapters: the core's protocols over real services (swift-nio's NIOCore / NIOPosix split).
        .target(name: "MirrorBotPostgres", dependencies: ["MirrorBot", "Postgres"]),
        .target(name: "MirrorBotRedis", dependencies: ["MirrorBot", "Redis"]),
        .target(name: "MirrorBotMeCab", dependencies: ["MirrorBot", "MeCab"]),
        .target(name: "MirrorBotX", dependencies: ["MirrorBot", "XAPI"]),
        .target(name: "MirrorBotMastodon", dependencies: ["MirrorBot", "MastodonAPI"]),

        // Commands, argument parsing and configuration: where the core meets its adapters.
        .target(name: "MirrorBotCLI", dependencies: [
            "MirrorBot", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "MirrorBotX", "MirrorBotMastodon",
            "Postgres", "Redis", "MeCab", "XAPI", "MastodonAPI",
        ]),
        .executableTarget(name: "mirror-bot", dependencies: ["MirrorBotCLI"]),

        // The Mastodon API client: bearer tokens, typed requests, rate limits, Link paging.
        .target(name: "MastodonAPI", dependencies: ["HTTPSupport"]),

        // Fake X and Mastodon servers on loopback (tests and the local demo), over one small HTTP listener.
        .target(name: "FakeHTTP"),
        .target(name: "FakeX", dependencies: ["XAPI", "FakeHTTP"]),
        .target(name: "FakeMastodon", dependencies: ["MastodonAPI", "FakeHTTP"]),
        .executableTarget(name: "fake-x", dependencies: ["FakeX"]),

        // Fuzz targets for every parser of outside input (docs/FUZZING.md): `scripts/fuzz.sh SECONDS`
        // builds this with coverage, AddressSanitizer and libFuzzer. Built normally (debug: it uses
        // @testable imports), it replays input files once, without libFuzzer.
        .executableTarget(name: "mirror-bot-fuzz", dependencies: [
            "MirrorBot", "MirrorBotCLI", "MirrorBotMastodon", "MirrorBotX", "MastodonAPI", "XAPI", "Redis",
        ]),

        // Benchmarks: run with `swift run -c release mirror-bot-bench`.
        .executableTarget(name: "mirror-bot-bench", dependencies: [
            "MirrorBot", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "MirrorBotX", "Postgres", "Redis", "FakeX", "XAPI",
        ]),

        // In-memory stand-ins for the core's protocols, a manual clock and a scripted network: no services.
        .target(name: "CoreTestSupport", dependencies: ["MirrorBot"], path: "Tests/CoreTestSupport"),
        // Services for the adapter and end-to-end tests: a migrated database, Redis, the built binary.
        .target(name: "TestSupport", dependencies: ["MirrorBot", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "Postgres", "Redis"], path: "Tests/TestSupport"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"]),
        .testTarget(name: "RedisTests", dependencies: ["Redis", "CHiredis", "TestSupport"]),
        .testTarget(name: "MeCabTests", dependencies: ["MeCab"]),
        .testTarget(name: "XAPITests", dependencies: ["XAPI", "FakeX"]),
        .testTarget(name: "MastodonAPITests", dependencies: ["MastodonAPI", "FakeMastodon"]),
        // The core's tests: milliseconds, no PostgreSQL, Redis, MeCab or network.
        .testTarget(name: "MirrorBotTests", dependencies: ["MirrorBot", "CoreTestSupport"]),
        .testTarget(name: "AdapterTests", dependencies: [
            "MirrorBot", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "MirrorBotX", "MirrorBotMastodon",
            "CoreTestSupport", "TestSupport", "FakeX", "FakeMastodon",
        ]),
        .testTarget(name: "MirrorBotCLITests", dependencies: ["MirrorBotCLI", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["MirrorBot", "MirrorBotPostgres", "TestSupport", "FakeX", "FakeMastodon"]),
    ]
)
