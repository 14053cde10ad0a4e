import Foundation

/// Pictures in the fake world: the human's, served at their URLs, and what the bot attached.
extension FakeMastodonServer {
    /// Adds a status with `pictures` attached in order (each processed and served at its URL);
    /// `sensitive` marks the status so. Returns its id.
    @discardableResult
    public func addStatus(
        accountID: String, text: String, createdAt: Date? = nil, pictures: [FakeMastodonPicture], sensitive: Bool = false
    ) -> String {
        let id = addStatus(accountID: accountID, text: text, createdAt: createdAt)
        addPictures(pictures, toStatus: id)
        if sensitive { world.withLock { $0.statuses[id]?.sensitive = true } }
        return id
    }

    /// Attaches `pictures` to a status after its own, each processed and served at its URL;
    /// returns those URLs in order (empty when there is no such status).
    @discardableResult
    public func addPictures(_ pictures: [FakeMastodonPicture], toStatus id: String) -> [String] {
        world.withLock { world in
            guard let accountID = world.statuses[id]?.accountID else { return [] }
            let added = pictures.map { world.addMedia($0, accountID: accountID, statusID: id) }
            world.statuses[id]?.mediaIDs += added.map(\.id)
            return added.map { world.baseURL + $0.path }
        }
    }

    /// The media attached to a status, in order (what the bot's post carried).
    public func media(ofStatus id: String) -> [FakeMastodonMedia] {
        world.withLock { world in world.statuses[id]?.mediaIDs.compactMap { world.media[$0] } ?? [] }
    }

    /// Every upload made with `POST /api/v2/media`, in order, attached or not.
    public var uploads: [FakeMastodonMedia] {
        world.withLock { world in world.uploads.compactMap { world.media[$0] } }
    }

    /// Stops serving the `index`-th picture of a status (its host answers 404).
    public func removeFile(ofStatus id: String, at index: Int) {
        world.withLock { world in
            guard let mediaID = world.statuses[id]?.mediaIDs[safe: index], let path = world.media[mediaID]?.path else { return }
            world.removedFiles.insert(path)
        }
    }

    /// How many `GET /api/v1/media/:id` an upload takes to finish processing (0: answered 200 at once).
    public func setMediaProcessing(polls: Int) {
        world.withLock { $0.processingPolls = max(0, polls) }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
