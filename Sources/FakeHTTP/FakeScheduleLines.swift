/// The lines a fake server's executable prints as its scheduled entries play (`fake-x`,
/// `fake-bluesky`, `fake-misskey`): each account as `@name` where the seed names it, else by id.
public struct FakeScheduleLines: Sendable {
    /// The executable's name, first on each line.
    public let server: String
    let names: [String: String]

    /// `accounts`: the seed's ids and names (an id given twice keeps its first name).
    public init(server: String, accounts: [(id: String, name: String)]) {
        self.server = server
        self.names = Dictionary(accounts, uniquingKeysWith: { first, _ in first })
    }

    /// `NAME schedule started entries=N`.
    public func started(entries: Int) -> String {
        "\(server) schedule started entries=\(entries)"
    }

    /// `NAME scheduled post KEY=ID author=WHO text="…"` (`KEY`: `id`, or `uri` on Bluesky).
    public func post(_ key: String, _ id: String, by account: String, text: String) -> String {
        "\(server) scheduled post \(key)=\(id) author=\(who(account)) text=\(text.debugDescription)"
    }

    /// `NAME scheduled like by=WHO subject=ID`.
    public func like(by account: String, subject: String) -> String {
        "\(server) scheduled like by=\(who(account)) subject=\(subject)"
    }

    func who(_ account: String) -> String {
        names[account].map { "@\($0)" } ?? account
    }
}
