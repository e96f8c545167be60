/// An array of state records (activations, operations) that remembers what changed since the store
/// last persisted it, so the state file gets only those records appended (the cost of a request
/// does not grow with the number of stored operations) and a failed write can be undone in memory.
///
/// It reads and writes like an array. Changing an element (`list[i].status = ...`) or appending is
/// tracked per element; any other structural change (removal, insertion, `removeAll`) marks the
/// whole list as rewritten, which the store persists with a full snapshot.
public struct RecordList<Element: Sendable & Equatable & Codable>: Sendable {
    private(set) var elements: [Element]
    /// What changed since `commit()`, with what is needed to undo it.
    private(set) var changes = Changes()
    /// Made anew by every initialiser, so the store notices a list replaced wholesale.
    private(set) var identity = Identity()

    /// A reference compared by identity only.
    final class Identity: Sendable {}

    /// Tracked changes: the original of each element changed in place, the count before appends,
    /// or, after a structural change, the whole original array.
    struct Changes: Sendable {
        var originals: [Int: Element] = [:]
        var baseCount: Int?
        var structuralOriginal: [Element]?

        var isEmpty: Bool { originals.isEmpty && baseCount == nil && structuralOriginal == nil }
    }

    /// A list holding `elements`, with nothing changed.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// The elements as an array.
    public var array: [Element] { elements }

    /// Whether anything changed since the last commit.
    var hasChanges: Bool { !changes.isEmpty }

    /// Whether the last change was more than in-place edits and appends.
    var isRewritten: Bool { changes.structuralOriginal != nil }

    /// The elements changed in place or appended since the last commit, in index order. An element
    /// only accessed for writing (a mutating call that changed nothing) is not one of them.
    var changedElements: [Element] {
        var indices = Set(
            changes.originals.compactMap { index, original in
                index < elements.count && elements[index] != original ? index : nil
            })
        if let base = changes.baseCount { indices.formUnion(base..<elements.count) }
        return indices.sorted().filter { $0 < elements.count }.map { elements[$0] }
    }

    /// Forgets the tracked changes: they are persisted.
    mutating func commit() {
        changes = Changes()
    }

    /// Undoes every change since the last commit.
    mutating func rollback() {
        if let original = changes.structuralOriginal {
            elements = original
        } else {
            if let base = changes.baseCount, base < elements.count { elements.removeSubrange(base...) }
            for (index, original) in changes.originals where index < elements.count { elements[index] = original }
        }
        changes = Changes()
    }

    private mutating func noteEdit(at index: Int) {
        guard changes.structuralOriginal == nil, changes.originals[index] == nil else { return }
        if let base = changes.baseCount, index >= base { return }
        changes.originals[index] = elements[index]
    }

    private mutating func noteStructuralChange() {
        guard changes.structuralOriginal == nil else { return }
        var original = elements
        if let base = changes.baseCount, base < original.count { original.removeSubrange(base...) }
        for (index, value) in changes.originals where index < original.count { original[index] = value }
        changes = Changes(structuralOriginal: original)
    }
}

extension RecordList: RandomAccessCollection, MutableCollection {
    /// The first index.
    public var startIndex: Int { elements.startIndex }
    /// One past the last index.
    public var endIndex: Int { elements.endIndex }

    /// The element at `position`; changing it is tracked.
    public subscript(position: Int) -> Element {
        get { elements[position] }
        set {
            noteEdit(at: position)
            elements[position] = newValue
        }
        _modify {
            noteEdit(at: position)
            yield &elements[position]
        }
    }
}

extension RecordList: RangeReplaceableCollection {
    /// An empty list.
    public init() {
        self.elements = []
    }

    /// Appends are tracked per element; every other replacement rewrites the list.
    public mutating func replaceSubrange<C: Collection<Element>>(_ subrange: Range<Int>, with newElements: C) {
        if subrange.isEmpty && subrange.lowerBound == elements.count {
            if changes.structuralOriginal == nil, changes.baseCount == nil { changes.baseCount = elements.count }
        } else {
            noteStructuralChange()
        }
        elements.replaceSubrange(subrange, with: newElements)
    }

    /// Removes everything (tracked as a rewrite, keeping the undo information).
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        noteStructuralChange()
        elements.removeAll(keepingCapacity: keepCapacity)
    }
}

extension RecordList: ExpressibleByArrayLiteral {
    /// A list of the literal's elements.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension RecordList: Equatable {
    /// Lists are equal when their elements are; tracking is not compared.
    public static func == (lhs: RecordList, rhs: RecordList) -> Bool { lhs.elements == rhs.elements }
}

extension RecordList: Codable {
    /// Decodes a JSON array.
    public init(from decoder: any Decoder) throws {
        self.init(try [Element](from: decoder))
    }

    /// Encodes a JSON array.
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}
