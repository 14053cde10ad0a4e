/// One file of an archive the importer reads.
struct ArchiveFile: Equatable {
    enum Kind: Equatable { case tweets, likes }
    var kind: Kind
    var path: String
}
