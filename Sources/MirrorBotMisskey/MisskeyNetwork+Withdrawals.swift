import MirrorBot
import MisskeyAPI

extension MisskeyNetwork: PostLookupNetwork {
    /// Misskey shows one note a request.
    public var lookupBatchSize: Int { 1 }

    /// `notes/show` for each id: HTTP 400 `NO_SUCH_NOTE` is missing (the human's own lookups
    /// see every note of theirs, whatever its visibility); anything else (a 5xx, a 429, a
    /// timeout, another refusal) throws, and is never a deletion. An id of digits only is an
    /// imported X, Mastodon or JSONL post (the human moved here), never looked up: Misskey would
    /// call it missing and the post would never be reposted. (Misskey's ids are base-36 or hex
    /// with the time first; one of digits only is a one-in-tens-of-thousands chance.)
    public func missingPosts(among ids: [String]) async throws -> Set<String> {
        var missing = Set<String>()
        for id in ids where !id.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            do {
                _ = try await client.send(ShowNote(noteId: id))
            } catch let error as MisskeyAPIError where Self.saysNoSuchNote(error) {
                missing.insert(id)
            } catch {
                try await Self.mappingErrors { () throws -> Void in throw error }
            }
        }
        return missing
    }

    /// Misskey's plain "this note does not exist": a 400 with `NO_SUCH_NOTE`, nothing else.
    static func saysNoSuchNote(_ error: MisskeyAPIError) -> Bool {
        if case .refused(_, 400, DeleteNote.noSuchNote, _) = error { return true }
        return false
    }
}

extension MisskeyNetwork: PostDeletingNetwork {
    /// `notes/delete`: `NO_SUCH_NOTE` means it is gone already; anything else throws.
    public func deletePost(id: String) async throws {
        do {
            _ = try await client.send(DeleteNote(noteId: id))
        } catch let error as MisskeyAPIError where Self.saysNoSuchNote(error) {
            return
        } catch {
            try await Self.mappingErrors { () throws -> Void in throw error }
        }
    }
}
