import MirrorBot
import MastodonAPI

/// One walk over the mention notifications newer than a status id.
///
/// When this process served the cursor's status, its notification id is known
/// and the server filters exactly (`since_id`); otherwise (after a restart) the
/// walk stops at the first mention whose status is not newer than the cursor.
actor MastodonMentionWalk {
    let client: MastodonClient
    let book: MastodonMentionBook
    let sinceID: String?
    let limit: Int
    private var pager: MastodonPager<MastodonNotification>?

    init(client: MastodonClient, book: MastodonMentionBook, sinceID: String?, limit: Int) {
        self.client = client
        self.book = book
        self.sinceID = sinceID
        self.limit = limit
    }

    /// The next page of mentions, or nil when the walk is over.
    func next() async throws -> [NetworkPost]? {
        let pager = await currentPager()
        guard let page = try await pager.next() else { return nil }
        var posts: [NetworkPost] = []
        for notification in page {
            guard let status = notification.status else { continue }
            await book.remember(statusID: status.id, acct: status.account.acct, notificationID: notification.id)
            posts.append(MastodonNetwork.post(status))
        }
        return posts
    }

    private func currentPager() async -> MastodonPager<MastodonNotification> {
        if let pager { return pager }
        let created: MastodonPager<MastodonNotification>
        if let sinceID, let notificationID = await book.notificationID(of: sinceID) {
            created = client.pager(.mentions(sinceID: notificationID), limit: limit)
        } else {
            let since = sinceID
            created = client.pager(.mentions(), limit: limit, isKnown: { notification in
                guard let since, let status = notification.status else { return false }
                return !isNewer(status.id, than: since)
            })
        }
        pager = created
        return created
    }
}
