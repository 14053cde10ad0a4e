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
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD"),
        .systemLibrary(name: "CCBOR", path: "Sources/CCBOR"),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // libvips (Debian libvips42), opened with dlopen on the first picture re-encoded under a network's byte
        // limit, not linked: its own declarations of the few calls made, no vips header, no pkg-config.
        .target(name: "CVips", path: "Sources/CVips"),
        // userfaultfd(2) and its ioctls, which Swift cannot call: no library to link.
        .systemLibrary(name: "CUserfaultfd", path: "Sources/CUserfaultfd"),
        // epoll(7) and eventfd(2), which Glibc's module leaves out: the fake servers' event loop. No library to link.
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),

        // One thin, safe Swift wrapper per C library.
        .target(name: "QueueExecutor"),
        // Time as a parameter: the one clock protocol of the loops, the network clients and the fakes.
        .target(name: "Clocks"),
        .target(name: "Postgres", dependencies: ["CLibPQ", "QueueExecutor"]),
        .target(name: "Redis", dependencies: ["CHiredis", "COpenSSL", "QueueExecutor"]),
        .target(name: "MeCab", dependencies: ["CMeCab"]),
        // One HTTP exchange in pure Swift: the request's method and path, the complete reply. The status
        // routes answer one; the status server sends it.
        .target(name: "HTTPExchange"),
        // The status page's HTTP server: libmicrohttpd on its own threads, with hard limits.
        .target(name: "StatusServer", dependencies: ["CMicroHTTPD", "HTTPExchange"]),
        .target(name: "CBOR", dependencies: ["CCBOR"]),
        .target(name: "ImageShrink", dependencies: ["CVips"]),

        // RFC 3986 percent-encoding (clients and fake servers) and HTML escaping
        // (the status page and the fake Mastodon).
        .target(name: "HTTPSupport"),

        // What every network client shares: configuration, the retry policy and attempt loop, the outcome,
        // the rate-limit book, the transport seam, ISO 8601 timestamps. Each network adds a small dialect.
        // Whether a task is publishing a post (a task-local flag): what the bot's loops say and the HTTP loop reads.
        .target(name: "PublishingContext"),

        .target(name: "APIClientCore", dependencies: ["CCurl", "HTTPSupport", "Clocks", "PublishingContext"]),

        // The X API v2 client: OAuth 1.0a signing, typed requests, X's refusals, over APIClientCore.
        // SHA-256 and HMAC-SHA1 over OpenSSL's one-shot calls.
        .target(name: "Digests", dependencies: ["CCrypto"]),
        .target(name: "XAPI", dependencies: ["Digests", "APIClientCore"]),

        // JSON Lines files read whole and checked line by line, and `InputError`, bad input named by file and place.
        // Foundation only, below the core (the classifier's `classify`/`train --jsonl` formats) and the import.
        .target(name: "JSONLines"),
        // One log line: a UTC timestamp, a level, an event and key=value fields, quoted where they must be, written
        // to stdout in one call; and the Redactor every line and error passes. Below the core's Logger.
        .target(name: "LogLines"),

        // How a post's text becomes the classifier's features (normalising, scanning, the noun
        // filter, distinct features on bytes), over any `Tokenizer`: pure text, below the core.
        .target(name: "PostFeatures"),

        // The domain core: posts, scheduler, classifier arithmetic, replies, learning, the daemon's loops,
        // and the small protocols they use. Foundation only: no C library, no network client.
        .target(name: "MirrorBot", dependencies: ["Clocks", "JSONLines", "LogLines", "PostFeatures", "PublishingContext"]),

        // What every export reader shares (above the core, below each network's reader in its adapter):
        // the importer's store and train, the JSONL posts file, the archive file scanner over a mapped file,
        // last-key-wins JSON, post collection, plausible dates, timestamps and the summary.
        .target(name: "MirrorBotImport", dependencies: ["MirrorBot", "JSONLines"]),

        // What X's pay-per-use API costs: the day's spend by endpoint, kept in a `SpendStore`, against the daily
        // budget; the core's `SpendGate` (the loops ask it before they read or post). Above the core, below the
        // X adapter, the status page and PostgreSQL's store, which all use it.
        .target(name: "MirrorBotSpend", dependencies: ["MirrorBot", "Clocks"]),

        // The status page: its state (a StatusBoard fed the core's events, `StatusSink`), metrics, HTML and routes.
        // Served by StatusServer (libmicrohttpd) from the CLI.
        .target(name: "MirrorBotStatus", dependencies: ["MirrorBot", "MirrorBotSpend", "LogLines", "HTTPExchange", "HTTPSupport"]),

        // Adapters: the core's protocols over real services (swift-nio's NIOCore / NIOPosix split).
        .target(name: "MirrorBotPostgres", dependencies: ["MirrorBot", "MirrorBotSpend", "Postgres", "BlueskyAPI"]),
        .target(name: "MirrorBotRedis", dependencies: ["MirrorBot", "PostFeatures", "Redis"]),
        .target(name: "MirrorBotMeCab", dependencies: ["MirrorBot", "PostFeatures", "MeCab"]),
        .target(name: "MirrorBotX", dependencies: ["MirrorBot", "MirrorBotSpend", "MirrorBotImport", "JSONLines", "XAPI", "APIClientCore"]),
        .target(name: "MirrorBotMastodon", dependencies: ["MirrorBot", "MirrorBotImport", "JSONLines", "MastodonAPI", "APIClientCore"]),
        .target(
            name: "MirrorBotBluesky", dependencies: ["MirrorBot", "MirrorBotImport", "JSONLines", "BlueskyAPI", "CBOR", "APIClientCore", "Digests", "ImageShrink"]),
        // Misskey: the network over MisskeyAPI, and its notes export for `import`.
        .target(name: "MirrorBotMisskey", dependencies: ["MirrorBot", "MirrorBotImport", "JSONLines", "MisskeyAPI", "APIClientCore"]),

        // Commands, argument parsing and configuration: where the core meets its adapters.
        .target(name: "MirrorBotCLI", dependencies: [
            "MirrorBot", "MirrorBotSpend", "PostFeatures", "MirrorBotImport", "JSONLines", "LogLines", "MirrorBotStatus", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "MirrorBotX", "MirrorBotMastodon",
            "MirrorBotBluesky", "MirrorBotMisskey", "Postgres", "Redis", "MeCab", "APIClientCore", "XAPI", "MastodonAPI", "BlueskyAPI",
            "MisskeyAPI", "HTTPExchange", "StatusServer", "CUserfaultfd", "CCrypto", "Digests", "PublishingContext",
        ]),
        .executableTarget(name: "mirror-bot", dependencies: ["MirrorBotCLI"]),

        // The Mastodon API client: bearer tokens, typed requests, Link paging, over APIClientCore.
        .target(name: "MastodonAPI", dependencies: ["APIClientCore"]),
        // The Bluesky (AT Protocol XRPC) client: sessions from app passwords, typed requests, records, over APIClientCore.
        .target(name: "BlueskyAPI", dependencies: ["APIClientCore"]),
        // The Misskey client: bearer tokens, every call a JSON POST, sinceId/untilId paging, over APIClientCore.
        .target(name: "MisskeyAPI", dependencies: ["APIClientCore"]),

        // Fake X, Mastodon, Bluesky and Misskey servers on loopback (tests and the local demo), over one small HTTP listener.
        .target(name: "FakeHTTP", dependencies: ["HTTPSupport", "CEpoll"]),
        .target(name: "FakeX", dependencies: ["XAPI", "APIClientCore", "FakeHTTP"]),
        .target(name: "FakeMastodon", dependencies: ["MastodonAPI", "APIClientCore", "HTTPSupport", "FakeHTTP"]),
        .target(name: "FakeBluesky", dependencies: ["BlueskyAPI", "FakeHTTP"]),
        .target(name: "FakeMisskey", dependencies: ["MisskeyAPI", "APIClientCore", "FakeHTTP", "JSONLines"]),
        .executableTarget(name: "fake-x", dependencies: ["FakeX", "FakeHTTP"]),
        .executableTarget(name: "fake-bluesky", dependencies: ["FakeBluesky", "FakeHTTP"]),
        .executableTarget(name: "fake-misskey", dependencies: ["FakeMisskey", "FakeHTTP"]),

        // Fuzz targets for every parser of outside input (docs/FUZZING.md): `scripts/fuzz.sh SECONDS`
        // builds this with coverage, AddressSanitizer and libFuzzer. Built normally (debug: it uses
        // @testable imports), it replays input files once, without libFuzzer.
        .executableTarget(name: "mirror-bot-fuzz", dependencies: [
            "MirrorBot", "PostFeatures", "MirrorBotImport", "JSONLines", "MirrorBotCLI", "MirrorBotMastodon", "MirrorBotX", "MirrorBotBluesky", "MastodonAPI", "XAPI", "APIClientCore",
            "BlueskyAPI", "Redis", "MirrorBotMisskey", "MisskeyAPI",
        ]),

        // Benchmarks: run with `swift run -c release mirror-bot-bench`.
        .executableTarget(name: "mirror-bot-bench", dependencies: [
            "MirrorBot", "MirrorBotSpend", "PostFeatures", "MirrorBotImport", "JSONLines", "LogLines", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "MirrorBotX",
            "Postgres", "Redis", "FakeX", "XAPI", "MirrorBotStatus", "StatusServer", "HTTPExchange", "Clocks", "APIClientCore", "FakeHTTP",
            "CoreTestSupport", "APIClientTestSupport", "TestSupport",
        ]),

        // In-memory stand-ins for the core's protocols and a scripted network, on APIClientTestSupport's manual clock: no services.
        .target(name: "CoreTestSupport", dependencies: ["MirrorBot", "MirrorBotSpend", "PostFeatures", "APIClientTestSupport", "PublishingContext"], path: "Tests/CoreTestSupport"),
        // Services for the adapter and end-to-end tests: a migrated database, Redis, the built binary.
        .target(name: "TestSupport", dependencies: ["MirrorBot", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "Postgres", "Redis", "CBOR", "Digests"], path: "Tests/TestSupport"),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "TestSupport"]),
        .testTarget(name: "RedisTests", dependencies: ["Redis", "CHiredis", "MirrorBot", "TestSupport"]),
        .testTarget(name: "MeCabTests", dependencies: ["MeCab"]),
        // A scripted transport for the network clients' tests and the one manual clock (clients, fakes, loops): no waiting.
        .target(name: "APIClientTestSupport", dependencies: ["APIClientCore", "Clocks"], path: "Tests/APIClientTestSupport"),
        .testTarget(name: "APIClientCoreTests", dependencies: ["APIClientCore", "APIClientTestSupport", "Clocks", "FakeHTTP", "PublishingContext"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "XAPITests", dependencies: ["XAPI", "APIClientCore", "APIClientTestSupport", "FakeHTTP", "FakeX"]),
        .testTarget(name: "MastodonAPITests", dependencies: [
            "MastodonAPI", "APIClientCore", "APIClientTestSupport", "FakeMastodon",
        ]),
        .testTarget(name: "CBORTests", dependencies: ["CBOR", "TestSupport"]),
        .testTarget(name: "MisskeyAPITests", dependencies: ["MisskeyAPI", "APIClientCore", "APIClientTestSupport", "FakeMisskey", "FakeHTTP"]),
        .testTarget(name: "BlueskyAPITests", dependencies: ["BlueskyAPI", "APIClientCore", "APIClientTestSupport", "FakeBluesky"]),
        // The core's tests: milliseconds, no PostgreSQL, Redis, MeCab or network.
        .testTarget(name: "MirrorBotTests", dependencies: ["MirrorBot", "MirrorBotSpend", "PostFeatures", "MirrorBotImport", "JSONLines", "LogLines", "CoreTestSupport", "APIClientTestSupport"]),
        // The status page's state, metrics and HTML, fed as the loops feed it: no service either.
        .testTarget(name: "MirrorBotStatusTests", dependencies: ["MirrorBot", "MirrorBotSpend", "MirrorBotStatus", "LogLines", "HTTPExchange", "CoreTestSupport", "APIClientTestSupport"]),
        .testTarget(name: "AdapterTests", dependencies: [
            "MirrorBot", "MirrorBotSpend", "PostFeatures", "MirrorBotImport", "JSONLines", "MirrorBotPostgres", "MirrorBotRedis", "MirrorBotMeCab", "MirrorBotX",
            "MirrorBotMastodon", "CoreTestSupport", "APIClientTestSupport", "TestSupport", "FakeHTTP", "FakeX", "FakeMastodon", "BlueskyAPI", "FakeBluesky",
            "MirrorBotBluesky", "CBOR", "ImageShrink",
            "MirrorBotMisskey", "MisskeyAPI", "FakeMisskey",
        ]),
        .testTarget(name: "MirrorBotCLITests", dependencies: ["MirrorBotCLI", "MirrorBotImport", "TestSupport", "CoreTestSupport", "FakeMastodon", "FakeMisskey", "FakeBluesky", "FakeX"]),
        .testTarget(name: "EndToEndTests", dependencies: [
            "MirrorBot", "JSONLines", "MirrorBotPostgres", "Postgres", "Redis", "TestSupport", "CoreTestSupport", "FakeX", "FakeMastodon", "FakeBluesky",
            "FakeMisskey", "BlueskyAPI",
        ]),
        .testTarget(name: "StatusServerTests", dependencies: ["StatusServer", "HTTPExchange", "TestSupport"]),
        .testTarget(name: "FakeHTTPTests", dependencies: ["FakeHTTP", "TestSupport"]),
    ]
)
