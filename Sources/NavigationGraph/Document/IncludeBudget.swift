/// What one load may include through `features:`, shared by every document of the load.
///
/// A document may include the same feature file more than once (two features of one app, or a
/// feature that includes another twice), and each inclusion is read, checked and qualified again:
/// files that each include the one before twice double the work per level, and twenty small
/// files would stall a CI job for days. The budget counts every inclusion, repeats included,
/// and the reader refuses the one that crosses a limit (``GraphDocument/maxIncludeDepth``,
/// ``GraphDocument/maxIncludedDocuments``, ``GraphDocument/maxIncludedBytes``,
/// ``GraphDocument/maxComposedRoutes``) at its `file:` line, before reading it.
final class IncludeBudget {
    /// Feature documents read so far in this load, each inclusion counted.
    private(set) var documents = 0
    /// Their bytes, each inclusion counted.
    private(set) var bytes = 0

    /// Counts one more inclusion of a document of `size` bytes, refusing it when the load would
    /// pass ``GraphDocument/maxIncludedDocuments`` or ``GraphDocument/maxIncludedBytes``.
    func spend(bytes size: Int, including origin: String, at node: DocumentNode) throws(GraphDocumentError) {
        guard documents < GraphDocument.maxIncludedDocuments else {
            throw node.error("including '\(origin)' would make this load read more than \(GraphDocument.maxIncludedDocuments) feature documents "
                             + "(the limit on included documents, each inclusion counted)",
                             "a graph's features and theirs are read once per inclusion; include each feature once, from the app graph, instead of from feature to feature")
        }
        guard bytes + size <= GraphDocument.maxIncludedBytes else {
            throw node.error("including '\(origin)' (\(size) bytes) would make this load read \(bytes + size) bytes of feature documents, "
                             + "over the limit of \(GraphDocument.maxIncludedBytes) (the limit on included bytes, each inclusion counted)",
                             "include each feature once, from the app graph, and keep feature documents small")
        }
        documents += 1
        bytes += size
    }
}
