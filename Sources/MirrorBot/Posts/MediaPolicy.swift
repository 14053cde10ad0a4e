/// What the bot does with a post of the human's that has pictures (`POST_MEDIA`).
public enum MediaPolicy: String, Sendable, CaseIterable {
    /// With its pictures, alt texts and warning, or not at all (the default).
    case carry
    /// Its text alone, as before pictures were carried; picture-only posts never go out.
    case text
    /// Posts with pictures are left out.
    case skip

    /// Which posts the picker may choose, on a network that can (`carries`) or cannot carry pictures.
    public func pick(networkCarries carries: Bool) -> MediaPick {
        switch self {
        case .carry: carries ? .whole : .none
        case .text: .textOnly
        case .skip: .none
        }
    }
}

/// Which of the human's posts with media the picker may choose.
public enum MediaPick: Sendable, Equatable {
    /// None: only posts without media.
    case none
    /// Any post with text, for its text alone (posts with media included, picture-only ones not).
    case textOnly
    /// Any post, picture-only ones too: its media go with it.
    case whole
}
