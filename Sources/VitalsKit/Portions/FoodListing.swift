/// The lines `vitals foods` prints: one food a line with what one portion (or serving) counts
/// toward, its weight, a star for favourites and its notes. Text from YAML is made safe.
package enum FoodListing {
    package static func lines(_ foods: [Food], book: PortionBook, ascii: Bool = false) -> [String] {
        guard !foods.isEmpty else { return [] }
        let rows = foods.map { food -> (String, String, String, String) in
            let star = food.isFavorite ? (ascii ? "*" : "★") : " "
            let counts = food.counts.map { count -> String in
                let name = book.category(count.categoryID)?.name.lowercased() ?? count.categoryID
                return food.isMixed ? "\(PortionLogging.plain(count.portions)) \(name)" : name
            }.joined(separator: " + ")
            var size = ""
            if let grams = food.grams { size = "\(PortionLogging.plain(grams)) g" }
            if let ml = food.millilitres { size += (size.isEmpty ? "" : ", ") + "\(PortionLogging.plain(ml)) ml" }
            if !size.isEmpty { size = (food.isMixed ? "serving " : "portion ") + size }
            return (
                star + " " + Sanitize.inline(food.name), Sanitize.inline(counts), size,
                Sanitize.inline(food.notes ?? "")
            )
        }
        let nameWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let countWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
        let sizeWidth = rows.map { DisplayWidth.of($0.2) }.max() ?? 0
        return rows.map { row in
            let line =
                pad(row.0, nameWidth) + "  " + pad(row.1, countWidth) + "  " + pad(row.2, sizeWidth) + "  " + row.3
            return String(line.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
    }
}
