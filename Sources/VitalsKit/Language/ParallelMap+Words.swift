extension ParallelMap {
    /// `map` with the caller's words and disclosure (`Words.current`, `Disclosure.current`) set
    /// on every thread: the two values a composition reads from its task. Everything else the
    /// transform needs, it is given.
    package static func mapInCallersWords<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        let words = Words.current
        let disclosure = Disclosure.current
        return map(inputs) { input in
            Words.$current.withValue(words) {
                Disclosure.$current.withValue(disclosure) { transform(input) }
            }
        }
    }
}
