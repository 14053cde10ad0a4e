extension Decoder {
    /// The fields of an archive entry, which X writes wrapped (`{"tweet": {…}}`,
    /// `{"like": {…}}`) or, in some archives, bare.
    func archiveEntry<Wrapper: CodingKey, Field: CodingKey>(
        wrappedIn wrapper: Wrapper, keyedBy _: Field.Type
    ) throws -> KeyedDecodingContainer<Field> {
        let outer = try container(keyedBy: Wrapper.self)
        return outer.contains(wrapper)
            ? try outer.nestedContainer(keyedBy: Field.self, forKey: wrapper)
            : try container(keyedBy: Field.self)
    }
}
