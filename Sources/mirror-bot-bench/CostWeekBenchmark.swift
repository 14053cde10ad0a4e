import APIClientTestSupport
import CoreTestSupport
import FakeX
import Foundation
import MirrorBot
import MirrorBotSpend
import MirrorBotX
import XAPI

/// `cost-week`: the daemon's reply, like and learning loops and a fixed posting plan, on a simulated
/// clock against fake-x (in process, likes refused as X refuses them on self-serve tiers since April
/// 2026), once with today's read behaviour (every round reads every stream: `settings.spending`
/// unset) and once with the new defaults (reads that buy something), for the same world: the same
/// posts on both home timelines, mentions, the human's posts and likes, and the same planned posts.
/// What the X adapter counted (`XSpendMeter`, the 2026 price table) is printed per day by endpoint,
/// with dollars a day. `--check` exits 1 unless the new defaults cost at most a fifth of today's
/// and read no home timeline once likes were refused.
enum CostWeekBenchmark {
    static let usage = "mirror-bot-bench cost-week [--days N] [--check]"

    /// A day of the world (the same for both runs).
    struct World {
        /// Posts a day by the accounts the human follows (12): the human's home timeline. The bot
        /// follows half of them: its home timeline carries half as many.
        var timelinePerDay = 1000
        /// Mentions of the bot a day, by friends the human replied to.
        var mentionsPerDay = 6
        /// The human's own posts a day, and the share with a URL.
        var humanPostsPerDay = 10
        var humanLinkShare = 0.3
        /// The human's likes a day.
        var humanLikesPerDay = 20
        /// The bot's planned posts a day (picked from the human's posts: a third with a URL).
        var botPostsPerDay = 8
    }

    /// One run's per-day lines.
    struct Run {
        var name: String
        var days: [[SpendLine]]
        var homeReadsAfterRefusal: Int

        var dollarsPerDay: Double { days.map { $0.reduce(0) { $0 + $1.dollars } }.reduce(0, +) / Double(max(1, days.count)) }
    }

    static func run(arguments: [String]) async throws {
        let parsed = try DaysArguments(arguments, usage: usage)
        let days = parsed.days
        let check = parsed.check
        let world = World()
        let today = try await simulate(name: "today's defaults (every round reads every stream)", newDefaults: false, days: days, world: world)
        let new = try await simulate(name: "new defaults (reads that buy something)", newDefaults: true, days: days, world: world)
        print(report(today, new, world: world, days: days))
        if check {
            let ratio = new.dollarsPerDay / max(today.dollarsPerDay, 1e-9)
            guard ratio <= 0.2, new.homeReadsAfterRefusal == 0 else {
                throw BenchError(String(format: "new defaults cost %.1f%% of today's (goal: at most 20%%), %d home-timeline reads after likes were refused",
                    ratio * 100, new.homeReadsAfterRefusal))
            }
        }
    }

    static func simulate(name: String, newDefaults: Bool, days: Int, world: World) async throws -> Run {
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)  // today 00:00 UTC
        let clock = ManualClock(start)
        // The server's clock is the simulated one (new posts' ids and times); signatures carry real time.
        let server = FakeXServer(settings: FakeXSettings(likesForbidden: true, maxClockSkew: 1e9, rateLimits: [:]), clock: clock)
        _ = try server.start()
        defer { server.stop() }
        let humanCredentials = server.addUser(id: "1", username: "human")
        let botCredentials = server.addUser(id: "2", username: "mirror")
        let friends = (0..<12).map { "\(10 + $0)" }
        for (n, friend) in friends.enumerated() {
            server.addUser(id: friend, username: "friend\(friend)")
            server.follow("1", friend)
            if n % 2 == 0 { server.follow("2", friend) }
        }

        let store = InMemorySpendStore()
        let prices = XPriceTable()
        let ledger = SpendLedger(budget: nil, pricing: prices, store: store, clock: clock)
        let meter = XSpendMeter(prices: prices, ledger: ledger)
        let configuration = XClientConfiguration(baseURL: server.baseURL)
        let human = XNetwork(credentials: humanCredentials, configuration: configuration, meter: meter)
        let bot = XNetwork(credentials: botCredentials, configuration: configuration, meter: meter)
        let humanAccount = Account(id: "1", username: "human")
        let botAccount = Account(id: "2", username: "mirror")

        var settings = DaemonSettings(
            dryRun: false, pollInterval: .seconds(300), learnInterval: .seconds(1200), replyLimitPerHour: 3, likeLimitPerDay: 200,
            timeZone: .gmt, owner: "bench")
        settings.firstRunMentionWindow = 86_400
        if newDefaults { settings.spending = ledger }
        let log = Logger(sink: { _ in })
        let classifier = InMemoryClassifier()
        for round in 0..<20 {
            try await classifier.train(text: "猫 かわいい \(round)", author: nil, as: .favorite)
            try await classifier.train(text: "会議 資料 \(round)", author: nil, as: .normal)
        }
        let cursors = InMemoryCursors()
        let posts = InMemoryPostStore()
        // The human answered each friend before: the bot has texts to reply with (distinct, never refused).
        await posts.store(friends.flatMap { friend in
            (0..<(days * world.mentionsPerDay + 5)).map { n in
                Post(id: "r\(friend)-\(n)", text: "@friend\(friend) そうだね \(n)", createdAt: start.addingTimeInterval(-86_400 - Double(n)),
                    inReplyToUserID: friend, inReplyToScreenName: "friend\(friend)")
            }
        })
        let learner = Learner(
            human: human, humanAccount: humanAccount, posts: posts, classifier: classifier, cursors: cursors,
            marks: InMemoryTrainingMarks(), log: log)
        let loops: [any DaemonLoop] = [
            ReplyLoop(
                bot: bot, botAccount: botAccount, replies: posts, texts: posts.texts, cursors: cursors,
                claims: InMemoryMentionClaims(clock: clock), clock: clock, settings: settings, log: log),
            LikeLoop(
                bot: bot, botAccount: botAccount, classifier: classifier, cursors: cursors, claims: InMemoryLikeClaims(), clock: clock,
                settings: settings, log: log),
            LearningLoop(learner: learner, settings: settings, clock: clock),
        ]

        // The world's events over the days, in time order (a fixed seed: both runs see the same).
        var generator = SeededGenerator(seed: 27)
        var events: [(at: Date, apply: @Sendable (FakeXServer, Date) -> Void)] = []
        func spread(_ count: Int, day: Int) -> [Date] {
            (0..<count).map { _ in start.addingTimeInterval(Double(day) * 86_400 + Double.random(in: 0..<86_400, using: &generator)) }
        }
        var liked: [String] = []
        for day in 0..<days {
            for (n, at) in spread(world.timelinePerDay, day: day).enumerated() {
                let friend = friends[n % friends.count]
                let text = n % 4 == 0 ? "猫 かわいい 写真 d\(day)-\(n)" : "会議 資料 今日 d\(day)-\(n)"
                let id = "\(day)-\(n)"
                liked.append(id)
                events.append((at, { server, at in server.addTweet(id: nil, authorID: friend, text: "\(text) \(id)", createdAt: at) }))
            }
            for (n, at) in spread(world.mentionsPerDay, day: day).enumerated() {
                let friend = friends[n % friends.count]
                events.append((at, { server, at in server.addTweet(authorID: friend, text: "@mirror 元気？ d\(day)-\(n)", createdAt: at) }))
            }
            for (n, at) in spread(world.humanPostsPerDay, day: day).enumerated() {
                let link = Double(n) < Double(world.humanPostsPerDay) * world.humanLinkShare
                let text = link ? "これ読んだ https://example.com/\(day)/\(n)" : "今日のこと d\(day)-\(n)"
                events.append((at, { server, at in server.addTweet(authorID: "1", text: text, createdAt: at) }))
            }
            for (n, at) in spread(world.humanLikesPerDay, day: day).enumerated() {
                let friend = friends[n % friends.count]
                events.append((at, { server, at in
                    // The human likes a friend's latest post.
                    if let post = server.tweets(by: friend).filter({ $0.createdAt <= at }).max(by: { $0.createdAt < $1.createdAt }) {
                        server.addLike(userID: "1", tweetID: post.id)
                    }
                }))
            }
        }
        events.sort { $0.at < $1.at }
        // The planned posts: the same texts and minutes in both runs (the posting loop's plan, drawn once here).
        var plan: [(at: Date, text: String)] = []
        for day in 0..<days {
            for (n, at) in spread(world.botPostsPerDay, day: day).enumerated() {
                plan.append((at, n % 3 == 0 ? "これ読んだ https://example.com/bot/\(day)/\(n)" : "今日のこと bot d\(day)-\(n)"))
            }
        }
        plan.sort { $0.at < $1.at }

        let end = start.addingTimeInterval(Double(days) * 86_400)
        var due = loops.map { _ in start }
        var next = 0
        var planned = 0
        let home = "GET /2/users/:id/timelines/reverse_chronological"
        var homeReadsAtRefusal: Int?
        while true {
            let loopIndex = due.indices.min { due[$0] < due[$1] } ?? 0
            let at = min(due[loopIndex], plan.indices.contains(planned) ? plan[planned].at : .distantFuture)
            guard at < end else { break }
            clock.set(at)
            while next < events.count, events[next].at <= at {
                events[next].apply(server, events[next].at)
                next += 1
            }
            if planned < plan.count, plan[planned].at == at {
                let text = plan[planned].text
                planned += 1
                if !newDefaults || settings.allows(.post(text: text, reply: false)) {
                    _ = try? await bot.post(text: text, inReplyTo: nil)
                }
                continue
            }
            let wait = (try? await loops[loopIndex].runOnce()) ?? .seconds(300)
            // The read that learned the refusal is before this count.
            if homeReadsAtRefusal == nil, settings.likeAccess.isRefused { homeReadsAtRefusal = server.requestCount(endpoint: home) }
            due[loopIndex] = at.addingTimeInterval(wait.seconds)
        }
        let homeReadsAfterRefusal = homeReadsAtRefusal.map { server.requestCount(endpoint: home) - $0 } ?? 0
        var perDay: [[SpendLine]] = []
        for day in 0..<days {
            perDay.append(try await store.spend(day: SpendLedger.day(of: start.addingTimeInterval(Double(day) * 86_400 + 1))))
        }
        return Run(name: name, days: perDay, homeReadsAfterRefusal: homeReadsAfterRefusal)
    }

    static func report(_ today: Run, _ new: Run, world: World, days: Int) -> String {
        var lines: [String] = []
        lines.append("Simulated \(days) day(s) against fake-x (likes refused); per day: \(world.timelinePerDay) posts on the human's home timeline "
            + "(\(world.timelinePerDay / 2) of them on the bot's), "
            + "\(world.mentionsPerDay) mentions, \(world.humanPostsPerDay) human posts (\(Int(world.humanLinkShare * 100))% with a URL), "
            + "\(world.humanLikesPerDay) human likes, \(world.botPostsPerDay) planned posts (a third with a URL). Prices: XPriceTable's defaults.")
        lines.append("")
        for run in [today, new] {
            lines.append("### \(run.name)")
            lines.append("")
            lines.append("| endpoint | requests/day | posts/day | $/day |")
            lines.append("| --- | ---: | ---: | ---: |")
            var byEndpoint: [String: SpendLine] = [:]
            for line in run.days.flatMap({ $0 }) { byEndpoint[line.endpoint, default: .zero(line.endpoint)].add(line) }
            let n = Double(max(1, run.days.count))
            for line in byEndpoint.values.sorted(by: { $0.endpoint < $1.endpoint }) {
                lines.append(String(format: "| `%@` | %.1f | %.1f | %.3f |", line.endpoint, Double(line.requests) / n, Double(line.resources) / n, line.dollars / n))
            }
            lines.append(String(format: "| **total** | | | **%.3f** |", run.dollarsPerDay))
            lines.append("")
            let daily = run.days.map { String(format: "%.3f", $0.reduce(0) { $0 + $1.dollars }) }.joined(separator: ", ")
            lines.append("Dollars by day: \(daily). Home-timeline reads after likes were refused: \(run.homeReadsAfterRefusal).")
            lines.append("")
        }
        lines.append(String(format: "New defaults: $%.3f a day against $%.3f (%.1f%% of today's; goal: at most 20%%).",
            new.dollarsPerDay, today.dollarsPerDay, 100 * new.dollarsPerDay / max(today.dollarsPerDay, 1e-9)))
        return lines.joined(separator: "\n")
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
