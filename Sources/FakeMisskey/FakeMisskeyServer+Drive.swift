import Foundation

/// Pictures in the fake world: the human's, attached to their notes and served at their URLs,
/// and what the bot uploaded and attached.
extension FakeMisskeyServer {
    /// Adds a note by `userId` with `pictures` attached in order (each a file of their drive,
    /// served at its URL), made at `date` (its aidx says so). Returns the note's id.
    @discardableResult
    public func addNote(
        userId: String, text: String?, pictures: [FakeMisskeyPicture], visibility: String = "public", cw: String? = nil, at date: Date? = nil
    ) -> String {
        let date = date ?? clock.now()
        return world.withLock { world in
            let fileIds = pictures.map {
                world.addDriveFile(userId: userId, name: $0.name, data: $0.data, comment: $0.comment, isSensitive: $0.isSensitive, at: date).id
            }
            var note = world.insertNote(userId: userId, text: text, cw: cw, visibility: visibility, at: date)
            note.fileIds = fileIds
            world.notes[note.id] = note
            return note.id
        }
    }

    /// Attaches `pictures` to a note after its own files (each a file of the author's drive);
    /// returns their URLs in order (empty when there is no such note).
    @discardableResult
    public func addPictures(_ pictures: [FakeMisskeyPicture], toNote id: String) -> [String] {
        let date = clock.now()
        return world.withLock { world in
            guard let userId = world.notes[id]?.userId else { return [] }
            let files = pictures.map {
                world.addDriveFile(userId: userId, name: $0.name, data: $0.data, comment: $0.comment, isSensitive: $0.isSensitive, at: date)
            }
            world.notes[id]?.fileIds += files.map(\.id)
            return files.map { world.baseURL + $0.path }
        }
    }

    /// The files attached to a note, in order (what the bot's note carried).
    public func files(ofNote id: String) -> [FakeMisskeyDriveFile] {
        world.withLock { world in world.notes[id]?.fileIds.compactMap { world.driveFiles[$0] } ?? [] }
    }

    /// Every file made with `drive/files/create`, in order, attached or not.
    public var uploads: [FakeMisskeyDriveFile] {
        world.withLock { world in world.uploads.compactMap { world.driveFiles[$0] } }
    }

    /// Stops serving the `index`-th file of a note (its URL answers 404).
    public func removeFile(ofNote id: String, at index: Int) {
        world.withLock { world in
            guard let fileIds = world.notes[id]?.fileIds, fileIds.indices.contains(index) else { return }
            world.removedFiles.insert(fileIds[index])
        }
    }

    /// `config.maxFileSize`: a larger upload is refused with 413.
    public func setMaxFileSize(_ bytes: Int) {
        world.withLock { $0.maxFileSize = bytes }
    }
}
