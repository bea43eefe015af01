import Foundation
import VitalsKit

/// The demo data's own subjects: Ollie (the puppy) and Sanne (the pregnancy). They are declared
/// here, beside the demo's samples, not in the shipped catalog: a catalog knows them only while
/// the data read is the demo's (the embedded demo database, or a database `vitals demo` wrote),
/// so a person's own database never shows someone else's dog. A catalog file that declares the
/// same id wins.
package enum DemoSubjects {
    /// The declarations, read by the catalog loader as any catalog file is.
    package static let file = SourceFile(
        path: "<demo>/subjects.yaml",
        text: """
            subjects:
              - subject_id: ollie
                name: Ollie
                kind: dog
                breed: Golden Retriever
                sex: female
                birth_date: "\(DemoData.ollieBirthDate)"

              - subject_id: sanne
                name: Sanne
                kind: human
                sex: female
                birth_date: "1994-03-14"
                pregnancy:
                  pre_pregnancy_weight_kg: 64
                  height_cm: 168
                  last_period: "2026-05-04"   # due date 2027-02-08 (280 days later)

            """)

    /// The ids they are declared under.
    package static let ids: Set<String> = ["ollie", "sanne"]

    /// The subjects as the loader reads them.
    package static let subjects: [Subject] = CatalogLoader.load([file]).catalog.subjects.filter { ids.contains($0.id) }
}

extension Catalog {
    /// Adds the demo's subjects that no catalog file declares (a declared one is kept).
    package mutating func addDemoSubjects() {
        for subject in DemoSubjects.subjects where self.subject(subject.id) == nil { add(subject) }
    }

}

extension LoadedCatalog {
    /// This catalog with the demo's subjects when `demo` (the data read is the demo's).
    package func withDemoSubjects(_ demo: Bool) -> LoadedCatalog {
        guard demo else { return self }
        var loaded = self
        loaded.catalog.addDemoSubjects()
        return loaded
    }
}

extension SampleStore {
    /// Whether this database holds the demo data (`vitals demo` wrote it): the demo's puppy's or
    /// pregnancy's weigh-ins are there. An index lookup.
    package func holdsDemoData() throws -> Bool {
        try inSnapshot { db in
            try db.fetchValue(
                Bool.self,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM sample WHERE series = 'body_mass' AND subject IN ('ollie', 'sanne') AND source = 'demo')
                    """) ?? false
        }
    }
}
