import APIClientTestSupport
import CoreTestSupport
import FakeX
import Foundation
import MirrorBot
import MirrorBotX
import XAPI

/// `pace-report`: the reply and like loops on a simulated clock against fake-x (in process) for a
/// week of mentions arriving at any hour, once at the human's pace (`REPLY_PACE=human`,
/// `POLL_PACE=human`) and once at today's (`immediate`, `steady`), for the same world. The human
/// (Asia/Tokyo) posts from 07:00 to 23:59 and answers people after a log-normal delay (median
/// 20 minutes), their replies falling in the night waiting for 07:00; their history is in the
/// store with X ids, so the delays are read from the ids as on X. Printed: the bot's reply delays
/// against the human's (two-sample Kolmogorov-Smirnov statistic), replies sent in the human's quiet
/// hours, and requests a day by endpoint for both runs; and the likes' minutes (fake-x accepts
/// likes here, as Mastodon does): where each fell within the poll interval that read its post,
/// and likes sent in quiet hours (`PaceReportBenchmark+Likes.swift`). `--check` exits 1 unless
/// the KS statistic is below 0.15 and no reply and no like fell in a quiet hour.
enum PaceReportBenchmark {
    static let usage = "mirror-bot-bench pace-report [--days N] [--check]"
    static let zone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    static let mentionsPerDay = 40
    static let friends = (0..<12).map { "\(10 + $0)" }

    struct Run {
        var name: String
        /// Seconds from each mention to the bot's reply.
        var delays: [TimeInterval]
        var replyTimes: [Date]
        var requestsPerDay: [(endpoint: String, perDay: Double)]
        /// Each like sent, and when the post it liked was made.
        var likes: [(at: Date, made: Date)]
        /// The like loop's reads of the home timeline.
        var polls: [Date]
    }

    static func run(arguments: [String]) async throws {
        let parsed = try DaysArguments(arguments, usage: usage)
        let days = parsed.days
        let check = parsed.check
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.startOfDay(for: Date(timeIntervalSince1970: 1_793_600_000))  // a fixed day: the same world each run
        let history = humanHistory(before: start)
        let human = ReplyDelays(timings: history.filter(\.isReply).map { ReplyTiming(sentAt: $0.createdAt, answeredID: $0.inReplyToPostID) },
                                clock: XPostIDClock(), timeZone: zone)
        let paced = try await simulate(name: "REPLY_PACE=human POLL_PACE=human", pace: true, days: days, start: start, history: history)
        let today = try await simulate(name: "REPLY_PACE=immediate POLL_PACE=steady", pace: false, days: days, start: start, history: history)
        let store = InMemoryPostStore(history, timeZone: zone)
        let quiet = QuietHours(
            rhythm: await store.minuteDistribution(), replyHours: QuietHours.hours(of: history.filter(\.isReply).map(\.createdAt), in: zone),
            timeZone: zone)
        let inQuiet = paced.replyTimes.filter(quiet.isQuiet).count
        let ks = kolmogorovSmirnov(paced.delays, human.samples)
        let likes = (paced: LikeTiming(paced, quiet: quiet), today: LikeTiming(today, quiet: quiet))
        print(report(paced, today, human: human, quiet: quiet, inQuiet: inQuiet, ks: ks, days: days))
        print("")
        print(likeReport(likes.paced, likes.today, names: (paced.name, today.name), days: days))
        if check {
            guard ks < 0.15, inQuiet == 0, paced.delays.count >= days * mentionsPerDay * 9 / 10 else {
                throw BenchError(String(format: "KS %.3f (goal: below 0.15), %d replies in quiet hours (goal: 0), %d replies of %d mentions",
                    ks, inQuiet, paced.delays.count, days * mentionsPerDay))
            }
            guard likes.paced.inQuiet == 0, likes.paced.count >= likes.today.count * 9 / 10, likes.today.count > 0 else {
                throw BenchError(
                    "\(likes.paced.inQuiet) likes in quiet hours (goal: 0); \(likes.paced.count) likes at the human's pace, \(likes.today.count) at today's")
            }
        }
    }

    /// Sixty days of the human: 8 originals a day between 07:00 and 23:59 (more in the evening),
    /// and 10 replies a day to the friends, each a log-normal delay (median 20 min, σ 1.2) after
    /// the post it answers, made at any hour; a reply that would fall between 00:00 and 06:59 waits
    /// for 07:00-07:59 (the human sleeps).
    static func humanHistory(before start: Date) -> [Post] {
        var generator = SeededGenerator(seed: 2727)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var posts: [Post] = []
        let hours = Array(7...23) + [12, 12, 20, 21, 21, 22, 22]
        for day in 1...60 {
            let midnight = start.addingTimeInterval(Double(-day) * 86_400)
            for _ in 0..<8 {
                let hour = hours.randomElement(using: &generator) ?? 12
                let at = midnight.addingTimeInterval(Double(hour * 3600) + Double.random(in: 0..<3600, using: &generator))
                posts.append(Post(id: snowflake(at), text: "今日のこと \(day) \(hour)", createdAt: at))
            }
            for n in 0..<10 {
                let friend = friends[(day * 10 + n) % friends.count]
                let answered = midnight.addingTimeInterval(Double.random(in: 0..<86_400, using: &generator))
                let gaussian = (0..<12).map { _ in Double.random(in: 0..<1, using: &generator) }.reduce(0, +) - 6
                var sent = answered.addingTimeInterval(min(1200 * exp(1.2 * gaussian), 2 * 86_400))
                if calendar.component(.hour, from: sent) < 7 {
                    let morning = calendar.date(bySettingHour: 7, minute: 0, second: 0, of: sent) ?? sent
                    sent = morning.addingTimeInterval(Double.random(in: 0..<3600, using: &generator))
                }
                posts.append(Post(
                    id: snowflake(sent), text: "@friend\(friend) そうだね \(day)-\(n)", createdAt: sent, inReplyToUserID: friend,
                    inReplyToScreenName: "friend\(friend)", inReplyToPostID: snowflake(answered)))
            }
        }
        return posts
    }

    /// An X id made at `date`.
    static func snowflake(_ date: Date) -> String {
        String((UInt64(date.timeIntervalSince1970 * 1000) - 1_288_834_974_657) << 22)
    }

    static func simulate(name: String, pace: Bool, days: Int, start: Date, history: [Post]) async throws -> Run {
        let clock = ManualClock(start)
        // Likes accepted (as on Mastodon, Bluesky and Misskey; X refuses them), so that their minutes can be measured.
        let server = FakeXServer(settings: FakeXSettings(likesForbidden: false, maxClockSkew: 1e9, rateLimits: [:]), clock: clock)
        _ = try server.start()
        defer { server.stop() }
        _ = server.addUser(id: "1", username: "human")
        let botCredentials = server.addUser(id: "2", username: "mirror")
        for friend in friends {
            server.addUser(id: friend, username: "friend\(friend)")
            server.follow("2", friend)
        }
        let bot = XNetwork(credentials: botCredentials, configuration: XClientConfiguration(baseURL: server.baseURL))
        let botAccount = Account(id: "2", username: "mirror")
        var settings = DaemonSettings(
            dryRun: false, pollInterval: .seconds(300), learnInterval: .seconds(1200), replyLimitPerHour: 3, likeLimitPerDay: 200,
            timeZone: zone, owner: "bench")
        settings.firstRunMentionWindow = 86_400
        let log = Logger(sink: { _ in })
        let posts = InMemoryPostStore(history, timeZone: zone)
        let keeper = pace ? PaceKeeper(
            replies: .human, polls: .human, rhythm: posts, timings: posts, idClock: XPostIDClock(), timeZone: zone, clock: clock, log: log,
            seed: 27) : nil
        let cursors = InMemoryCursors()
        // The human likes cats, not meetings: a quarter of the timeline is liked.
        let classifier = InMemoryClassifier()
        for _ in 0..<10 {
            try await classifier.train(text: "猫 かわいい", author: nil, as: .favorite)
            try await classifier.train(text: "会議 資料", author: nil, as: .normal)
        }
        let loops: [any DaemonLoop] = [
            ReplyLoop(
                bot: bot, botAccount: botAccount, replies: posts, texts: posts.texts, cursors: cursors,
                claims: InMemoryMentionClaims(clock: clock), clock: clock, settings: settings, log: log, pace: keeper),
            LikeLoop(
                bot: bot, botAccount: botAccount, classifier: classifier, cursors: cursors, claims: InMemoryLikeClaims(), clock: clock,
                settings: settings, log: log, pace: keeper),
        ]
        // Mentions at any hour, and friends' posts on the bot's timeline (the same in both runs).
        var generator = SeededGenerator(seed: 28)
        var events: [(at: Date, friend: String, text: String)] = []
        for day in 0..<days {
            for n in 0..<mentionsPerDay {
                let at = start.addingTimeInterval(Double(day) * 86_400 + Double.random(in: 0..<86_400, using: &generator))
                events.append((at, friends[n % friends.count], "@mirror 元気？ d\(day)-\(n)"))
            }
            for n in 0..<100 {
                let at = start.addingTimeInterval(Double(day) * 86_400 + Double.random(in: 0..<86_400, using: &generator))
                events.append((at, friends[n % friends.count], n % 4 == 0 ? "猫 かわいい d\(day)-\(n)" : "会議 資料 d\(day)-\(n)"))
            }
        }
        events.sort { $0.at < $1.at }
        let end = start.addingTimeInterval(Double(days) * 86_400)
        var due = loops.map { _ in start }
        var next = 0
        while true {
            let loopIndex = due.indices.min { due[$0] < due[$1] } ?? 0
            let at = due[loopIndex]
            guard at < end else { break }
            clock.set(at)
            while next < events.count, events[next].at <= at {
                server.addTweet(authorID: events[next].friend, text: events[next].text, createdAt: events[next].at)
                next += 1
            }
            let wait = (try? await loops[loopIndex].runOnce()) ?? .seconds(300)
            due[loopIndex] = at.addingTimeInterval(wait.seconds)
        }
        let replies = server.tweets(by: "2").filter { $0.inReplyToTweetID != nil }
        let delays = replies.compactMap { reply in
            reply.inReplyToTweetID.flatMap { server.tweet(id: $0) }.map { reply.createdAt.timeIntervalSince($0.createdAt) }
        }
        var counts: [String: Int] = [:]
        for request in server.requests { counts[request.endpoint, default: 0] += 1 }
        let perDay = counts.sorted { $0.key < $1.key }.map { (endpoint: $0.key, perDay: Double($0.value) / Double(days)) }
        let likeWrites = server.writes.compactMap { if case .like(_, let tweet) = $0 { server.tweet(id: tweet)?.createdAt } else { nil } }
        let likeTimes = server.requests.filter { $0.endpoint == "POST /2/users/:id/likes" && $0.status == 200 }.map(\.date)
        let polls = server.requests.filter { $0.endpoint == "GET /2/users/:id/timelines/reverse_chronological" }.map(\.date)
        return Run(
            name: name, delays: delays, replyTimes: replies.map(\.createdAt), requestsPerDay: perDay,
            likes: zip(likeTimes, likeWrites).map { (at: $0, made: $1) }, polls: Set(polls).sorted())
    }

    /// The two-sample Kolmogorov-Smirnov statistic: the largest gap between the two empirical distribution functions.
    static func kolmogorovSmirnov(_ a: [Double], _ b: [Double]) -> Double {
        let a = a.sorted()
        let b = b.sorted()
        guard !a.isEmpty, !b.isEmpty else { return 1 }
        var i = 0
        var j = 0
        var gap = 0.0
        while i < a.count, j < b.count {
            let x = min(a[i], b[j])
            while i < a.count, a[i] <= x { i += 1 }
            while j < b.count, b[j] <= x { j += 1 }
            gap = max(gap, abs(Double(i) / Double(a.count) - Double(j) / Double(b.count)))
        }
        return gap
    }

    static func quantiles(_ values: [Double]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "none" }
        return [0.1, 0.25, 0.5, 0.75, 0.9].map { q in
            String(format: "p%.0f %.0f min", q * 100, sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))] / 60)
        }.joined(separator: ", ")
    }

    static func report(_ paced: Run, _ today: Run, human: ReplyDelays, quiet: QuietHours, inQuiet: Int, ks: Double, days: Int) -> String {
        var lines: [String] = []
        lines.append("Simulated \(days) day(s) against fake-x, TIME_ZONE=\(zone.identifier), POLL_INTERVAL_SECONDS=300: "
            + "\(mentionsPerDay) mentions a day at any hour, 100 posts a day on the bot's home timeline.")
        lines.append("The human's history: 60 days, \(human.found) reply delays read from X ids; quiet hours: "
            + quiet.hours.sorted().map { String(format: "%02d", $0) }.joined(separator: ", ") + ".")
        lines.append("")
        lines.append("Human's delays: \(quantiles(human.samples)).")
        lines.append("Bot's delays (\(paced.name), \(paced.delays.count) replies): \(quantiles(paced.delays)).")
        lines.append("Bot's delays (\(today.name), \(today.delays.count) replies): \(quantiles(today.delays)).")
        lines.append(String(format: "Two-sample KS statistic, bot (human pace) against human: %.3f (goal: below 0.15); at today's pace: %.3f.",
            ks, kolmogorovSmirnov(today.delays, human.samples)))
        lines.append("Replies sent in the human's quiet hours: \(inQuiet) at the human's pace (goal: 0); "
            + "\(today.replyTimes.filter(quiet.isQuiet).count) at today's.")
        lines.append("")
        lines.append("| endpoint | requests/day, \(paced.name) | requests/day, \(today.name) |")
        lines.append("| --- | ---: | ---: |")
        let endpoints = Set(paced.requestsPerDay.map(\.endpoint) + today.requestsPerDay.map(\.endpoint)).sorted()
        for endpoint in endpoints {
            let a = paced.requestsPerDay.first { $0.endpoint == endpoint }?.perDay ?? 0
            let b = today.requestsPerDay.first { $0.endpoint == endpoint }?.perDay ?? 0
            lines.append(String(format: "| `%@` | %.1f | %.1f |", endpoint, a, b))
        }
        return lines.joined(separator: "\n")
    }
}
