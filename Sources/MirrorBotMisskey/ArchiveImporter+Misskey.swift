import Foundation
import JSONLines
import MirrorBot
import MirrorBotImport

extension PlausibleDates {
    /// Misskey: from 2014-01-01 (its first release came that year).
    public static func misskey(now: Date) -> PlausibleDates {
        PlausibleDates(earliest: Date(timeIntervalSince1970: 1_388_534_400), earliestIs: "Misskey's first year", now: now)
    }
}

extension ArchiveImporter {
    /// Whether `path` is a Misskey notes export: a `notes-*.json` file, or a folder holding one.
    public static func isMisskeyExport(_ path: String) -> Bool { !misskeyExportFiles(at: path).isEmpty }

    /// The export files at `path`, in name order (which is date order: `notes-yyyy-MM-dd-HH-mm-ss.json`).
    static func misskeyExportFiles(at path: String) -> [String] {
        func isExportName(_ name: String) -> Bool { name.hasPrefix("notes-") && name.hasSuffix(".json") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return isExportName(URL(fileURLWithPath: path).lastPathComponent) ? [path] : [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter(isExportName).sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
    }

    /// Imports a Misskey notes export (`i/export-notes`: one JSON array of the human's notes):
    /// each note of their own words stored as a post; pure renotes counted as retweets;
    /// followers-only and specified notes counted as skipped (the bot must not make them
    /// public); warned ones kept with their `cw` (issue 40); each note's `files` kept as its media
    /// in order (fetched from the server's public URL at send time), notes with files and no text
    /// stored too.
    ///
    /// The export names no users: a reply keeps `misskey:self` as whom it answers when its
    /// target is in the export (a self-reply, a thread), `misskey:note:<id>` otherwise, so it
    /// stays a reply and is never reposted as an original.
    ///
    /// Every file is read and checked whole before anything is stored: a malformed note is an
    /// `InputError` naming the file and the item (`[12]`), and nothing is written.
    public func importMisskeyExport(at path: String) async throws -> ImportSummary {
        let files = Self.misskeyExportFiles(at: path)
        guard !files.isEmpty else { throw InputError(file: path, message: "no notes-*.json here") }
        var summary = ImportSummary()
        var collector = PostCollector()
        let dates = PlausibleDates.misskey(now: now())
        for file in files {
            summary.files.append(file)
            logger.info("import_file", ["file": file])
            let array: MisskeyExportArray
            do {
                array = try JSONDecoder().decode(MisskeyExportArray.self, from: try Self.readMisskeyExport(file))
            } catch let error as InputError {
                throw error
            } catch let error as DecodingError {
                throw InputError(file: file, message: "not a Misskey notes export (one JSON array of notes): \(error.inputMessage)")
            } catch {
                throw InputError(file: file, message: "not JSON")
            }
            let reading = try Self.misskeyPosts(array, file: file, dates: dates)
            for post in reading.posts { collector.add(post) }
            for _ in 0..<reading.renotes { collector.countRetweet() }
            summary.privateSkipped += reading.privateSkipped
            summary.warningsKept += reading.warned
            summary.mediaFound += reading.mediaFound
            summary.mediaMissing += reading.mediaMissing
        }
        try await store(collector, into: &summary)
        return summary
    }

    static func readMisskeyExport(_ path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe) } catch {
            throw InputError(file: path, message: "cannot read the file")
        }
    }

    /// What one export file holds, checked note by note.
    struct MisskeyReading {
        var posts: [Post] = []
        var renotes = 0
        var privateSkipped = 0
        var warned = 0
        var mediaFound = 0
        var mediaMissing: [String] = []
    }

    /// A note's files as its media: each packed file with a URL, in `fileIds` order; a file
    /// `fileIds` names that the export did not pack (an export made before Misskey wrote `files`,
    /// a file since deleted) or that has no URL is kept without one, so its post never goes out
    /// without it under `POST_MEDIA=carry`, and named missing.
    static func exportMedia(of note: MisskeyExportNote, into reading: inout MisskeyReading) -> [PostMedia] {
        let packed = Dictionary((note.files ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ids = note.fileIds ?? (note.files ?? []).map(\.id)
        return ids.map { id in
            guard let file = packed[id], let url = file.url, !url.isEmpty else {
                reading.mediaMissing.append("note \(note.id): file \(id) not in the export")
                return PostMedia(kind: packed[id].map { MisskeyNetwork.kind($0.type) } ?? .other, url: "")
            }
            reading.mediaFound += 1
            return MisskeyNetwork.media(of: [file])[0]
        }
    }

    static func misskeyPosts(_ array: MisskeyExportArray, file: String, dates: PlausibleDates) throws -> MisskeyReading {
        var reading = MisskeyReading()
        var ids: Set<String> = []
        var notes: [MisskeyExportNote] = []
        for (index, item) in array.items.enumerated() {
            func refuse(_ message: String) -> InputError { InputError(file: file, position: "[\(index)]", message: message) }
            let note: MisskeyExportNote
            switch item {
            case .success(let decoded): note = decoded
            case .failure(let error): throw refuse("the note cannot be read: \(error.inputMessage)")
            }
            guard !note.id.isEmpty else { throw refuse("the note has an empty \"id\"") }
            guard let date = note.createdDate else {
                throw refuse("the note \(note.id) has no valid createdAt (\"\(note.createdAt)\" is not an ISO 8601 date like \"2023-01-01T12:00:00.000Z\")")
            }
            if let refusal = dates.refusal(date) { throw refuse("the note \(note.id) was made \"\(note.createdAt)\", \(refusal)") }
            guard ["public", "home", "followers", "specified"].contains(note.visibility) else {
                throw refuse("the note \(note.id) has an unknown visibility \"\(note.visibility)\"")
            }
            ids.insert(note.id)
            notes.append(note)
        }
        for note in notes {
            if note.isPureRenote {
                reading.renotes += 1
                continue
            }
            guard note.isRepostable else {
                reading.privateSkipped += 1
                continue
            }
            if note.cw != nil { reading.warned += 1 }
            var post = Post(
                id: note.id, text: note.text ?? "", createdAt: note.createdDate ?? dates.now, markup: .mfm,
                warning: PostWarning.from(text: note.cw, labels: []), media: exportMedia(of: note, into: &reading))
            if let replyId = note.replyId {
                post.inReplyToPostID = replyId
                post.inReplyToUserID = ids.contains(replyId) ? "misskey:self" : "misskey:note:" + replyId
            }
            reading.posts.append(post)
        }
        return reading
    }
}
