import Foundation
import MirrorBot
import MirrorBotSpend
import XAPI

/// Counts what the X adapter sent and received, at the price table, into the day's `SpendLedger`:
/// each request with the posts its answer carried, each post written. X charges a post read twice
/// in one UTC day once, so a post already paid for today (`SpendLedger.firstReads`: kept in
/// PostgreSQL, whatever process read it) is counted as a request but not paid again. Both
/// accounts' `XNetwork`s share one meter.
public final class XSpendMeter: Sendable {
    public let prices: XPriceTable
    public let ledger: SpendLedger

    public init(prices: XPriceTable, ledger: SpendLedger) {
        self.prices = prices
        self.ledger = ledger
    }

    /// One page of `timeline` that returned `ids`.
    func read(_ timeline: TweetTimeline, ids: [String]) async {
        await read(endpoint: "GET \(timeline.pathTemplate)", ids: ids, perPost: prices.perPost(timeline))
    }

    /// One `GET /2/tweets?ids=` (is a post of the human's still there: the check before a post or
    /// reply, and the deletion sweep) that returned `ids`: a standard read each, a gone post free.
    func lookedUp(ids: [String]) async {
        await read(endpoint: "GET /2/tweets", ids: ids, perPost: prices.read)
    }

    private func read(endpoint: String, ids: [String], perPost: Double) async {
        let fresh = await ledger.firstReads(ids)
        await ledger.persist(ledger.record(endpoint: endpoint, resources: ids.count, dollars: Double(fresh) * perPost))
    }

    /// The media objects (`keys`) a read of posts returned in `includes.media`: a media read each,
    /// one already read today not paid again.
    func readMedia(keys: [String]) async {
        let fresh = await ledger.firstReads(keys)
        let dollars = Double(fresh) * prices.mediaRead
        await ledger.persist(ledger.record(endpoint: "media of GET /2/users/:id/tweets", resources: keys.count, dollars: dollars))
    }

    /// A write X bills at a price known before it is sent: a post, a picture's upload, its alt text.
    enum PaidWrite: Sendable {
        case post(text: String, reply: Bool)
        case mediaUpload
        case mediaMetadata

        var endpoint: String {
            switch self {
            case .post(let text, let reply): XSpendMeter.postEndpoint(text, reply: reply)
            case .mediaUpload: "POST /2/media/upload"
            case .mediaMetadata: "POST /2/media/metadata"
            }
        }

        func dollars(_ prices: XPriceTable) -> Double {
            switch self {
            case .post(let text, let reply): prices.price(ofPost: text, reply: reply)
            case .mediaUpload: prices.mediaUpload
            case .mediaMetadata: prices.mediaMetadata
            }
        }
    }

    /// Sends `write` with `send`, claimed first (`SpendLedger.claim`: in a host, in the app's spend,
    /// refused when the app's budget has no room with it; then nothing is sent and
    /// `AppBudgetRefusal` is thrown), counted once X took it, given back when it was not sent (a post
    /// that may have gone out, `outcomeUnknown`, stays claimed).
    func paying<T>(_ write: PaidWrite, _ send: () async throws -> T) async throws -> T {
        let dollars = write.dollars(prices)
        guard try await ledger.claim(dollars) else {
            let standing = ledger.standing()
            throw AppBudgetRefusal(endpoint: write.endpoint, dollars: dollars, spent: standing.spent, budget: standing.budget)
        }
        let value: T
        do {
            value = try await send()
        } catch {
            if !Self.mayHaveGone(error) { await ledger.refund(dollars) }
            throw error
        }
        await ledger.persist(ledger.record(endpoint: write.endpoint, resources: 1, dollars: dollars), claimed: true)
        return value
    }

    /// `GET /2/users/me`: one user.
    func readMe() async {
        await ledger.persist(ledger.record(endpoint: "GET /2/users/me", resources: 1, dollars: prices.userRead))
    }

    /// A like X accepted.
    func liked() async {
        await ledger.persist(ledger.record(endpoint: "POST /2/users/:id/likes", resources: 1, dollars: prices.like))
    }

    /// A post of the bot's X deleted (`DELETE /2/tweets/:id`).
    func deleted() async {
        await ledger.persist(ledger.record(endpoint: "DELETE /2/tweets/:id", resources: 1, dollars: prices.delete))
    }

    /// Whether a write that failed with `error` may still have reached X (its claim is kept then).
    static func mayHaveGone(_ error: any Error) -> Bool {
        switch error {
        case NetworkError.outcomeUnknown, XAPIError.outcomeUnknown: true
        default: false
        }
    }

    /// The post endpoint by what it is charged as: a URL, a summoned reply, or a plain post.
    static func postEndpoint(_ text: String, reply: Bool) -> String {
        if XPriceTable.containsURL(text) { return "POST /2/tweets (URL)" }
        return reply ? "POST /2/tweets (reply)" : "POST /2/tweets"
    }
}
