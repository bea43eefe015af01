"""Each case: one message sent to `vitals lsp`, and the exact answer expected."""
import json
import subprocess

from lsprotocol import types
from lsprotocol.converters import get_converter

from conftest import CATALOG, ENV, VITALS, text, uri

CONVERT = get_converter()


def plain(value):
    """An answer as JSON values, as it went over the wire."""
    return json.loads(json.dumps(CONVERT.unstructure(value)))


def at(name, line, character):
    return types.TextDocumentIdentifier(uri=uri(name)), types.Position(line=line, character=character)


def span(line, start, end):
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def open_document(client, name, content=None):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri(name), language_id="yaml", version=1, text=text(name) if content is None else content)))


BROKEN_FIBER = text("metrics/fiber.yaml").replace("chart_type_id: bar_vertical", "chart_type_id: bar_vertcal")


async def test_a_second_initialize_is_refused(client):
    # The fixture initialized the session; once more is an invalid request.
    try:
        await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
        raise AssertionError("a second initialize was accepted")
    except Exception as error:  # pygls raises the JSON-RPC error
        assert "initialize was already received" in str(error)


async def test_a_typo_is_a_diagnostic_with_its_rule_as_code(client):
    open_document(client, "metrics/fiber.yaml", BROKEN_FIBER)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert plain(client.diagnostics[uri("metrics/fiber.yaml")]) == [{
        "range": span(4, 19, 30), "severity": 1, "code": "unknown-chart-type", "source": "vitals",
        "message": "unknown chart_type_id 'bar_vertcal'; did you mean 'bar_vertical'?",
    }]


async def test_diagnostics_after_an_edit_are_what_validate_reports_on_disk(client):
    open_document(client, "metrics/fiber.yaml")
    broken = text("metrics/fiber.yaml").replace("series: fiber", "series: fibre").replace("range: 7d", "range: 7days")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri("metrics/fiber.yaml"), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=broken)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    published = plain(client.diagnostics[uri("metrics/fiber.yaml")])
    # The same text saved, checked by `vitals validate --format json`, then put back.
    original = text("metrics/fiber.yaml")
    (CATALOG / "metrics/fiber.yaml").write_text(broken)
    try:
        report = subprocess.run([VITALS, "validate", "--format", "json"], cwd=CATALOG, env=ENV, capture_output=True, text=True)
    finally:
        (CATALOG / "metrics/fiber.yaml").write_text(original)
    found = json.loads(report.stdout)["diagnostics"]
    assert [(d["rule"], d["line"] - 1, d["column"] - 1, d["message"]) for d in found] == [
        (d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"], d["message"]) for d in published]
    assert [d["code"] for d in published] == ["unknown-reference", "invalid-value", "unknown-reference"]


async def test_the_quick_fix_is_the_did_you_mean(client):
    open_document(client, "metrics/fiber.yaml", BROKEN_FIBER)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    document, _ = at("metrics/fiber.yaml", 4, 0)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=types.Range(start=types.Position(line=4, character=0), end=types.Position(line=4, character=30)),
        context=types.CodeActionContext(diagnostics=[])))
    assert [(a["title"], a["kind"], a["edit"]) for a in plain(actions)] == [(
        "Change to 'bar_vertical'", "quickfix",
        {"changes": {uri("metrics/fiber.yaml"): [{"range": span(4, 19, 30), "newText": "bar_vertical"}]}})]


async def test_completion_of_a_screen_id_lists_the_catalogs_screens(client):
    open_document(client, "metrics/fiber.yaml", "metrics:\n  - display_screen_id: SCREEN_W\n")
    document, position = at("metrics/fiber.yaml", 1, 31)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=position))
    assert plain(result) == {"isIncomplete": False, "items": [{
        "label": "SCREEN_WATER", "kind": 18, "detail": "Water (nutrition)",
        "textEdit": {"range": span(1, 23, 31), "newText": "SCREEN_WATER"}}]}


async def test_completion_of_a_chart_kind_says_what_each_draws(client):
    open_document(client, "metrics/fiber.yaml", "metrics:\n  - chart_type_id: spa\n")
    document, position = at("metrics/fiber.yaml", 1, 22)
    result = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=position))
    assert plain(result) == {"isIncomplete": False, "items": [{
        "label": "sparkline", "kind": 12, "detail": "One line: the title, a block per bucket and the latest value.",
        "textEdit": {"range": span(1, 19, 22), "newText": "sparkline"}}]}


async def test_definition_of_a_screen_id_is_in_the_screens_file(client):
    document, position = at("metrics/water.yaml", 2, 25)
    result = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=position))
    assert plain(result) == [{"uri": uri("screens/nutrition.yaml"), "range": span(6, 15, 27)}]


async def test_references_of_a_series_across_files(client):
    document, position = at("metrics/series.yaml", 6, 18)
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=position, context=types.ReferenceContext(include_declaration=True)))
    assert plain(result) == [{"uri": uri("metrics/series.yaml"), "range": span(6, 15, 20)},
                             {"uri": uri("metrics/water.yaml"), "range": span(6, 12, 17)}]


async def test_renaming_a_screen_renames_its_metrics_and_keeps_a_former_id(client):
    document, position = at("screens/nutrition.yaml", 6, 20)
    result = await client.text_document_rename_async(types.RenameParams(
        text_document=document, position=position, new_name="SCREEN_HYDRATION"))
    assert plain(result) == {"changes": {
        uri("metrics/water.yaml"): [{"range": span(2, 23, 35), "newText": "SCREEN_HYDRATION"}],
        uri("screens/nutrition.yaml"): [
            {"range": span(6, 15, 27), "newText": "SCREEN_HYDRATION"},
            {"range": span(6, 27, 27), "newText": "\n    former_ids: [SCREEN_WATER]"},
        ]}}


async def test_hover_on_a_metric_draws_its_chart(client):
    document, position = at("metrics/fiber.yaml", 1, 25)
    result = await client.text_document_hover_async(types.HoverParams(text_document=document, position=position))
    value = plain(result)["contents"]["value"]
    expected = subprocess.run([VITALS, "render", "fiber", "--db", str(CATALOG.parent / "vitals.sqlite"), "--as-of", "2026-06-15",
                               "--width", "50", "--catalog", str(CATALOG)], env=ENV, capture_output=True, text=True, check=True).stdout
    head, chart = value.split("\n```text\n")
    assert head == ("**FIBER_DAILY** — Fiber per day (metric on `SCREEN_FIBER`)\n\n"
                    "chart: `bar_vertical` — One column per bucket with y ticks and a dashed target line.\n\n"
                    "series: `fiber` (quantity, g) · unit: g\n")
    drawn = chart.removesuffix("\n```").split("\n")
    # The chart is the one `vitals render` draws on the screen, line for line.
    rendered = [line.rstrip() for line in expected.split("\n")]
    assert drawn[0].startswith("Fiber per day (g)")
    assert any(rendered[i:i + len(drawn)] == drawn for i in range(len(rendered))), "\n".join(drawn) + "\n---\n" + expected
    assert plain(result)["range"] == span(1, 23, 34)


async def test_the_outline_is_pillars_screens_metrics(client):
    result = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri("metrics/fiber.yaml"))))

    def tree(symbols):
        return [(s["name"], s["kind"], tree(s.get("children", []))) for s in symbols]
    assert tree(plain(result)) == [("nutrition", 3, [("SCREEN_FIBER", 5, [("FIBER_DAILY", 7, []), ("FIBER_TREND", 7, [])])])]


async def test_workspace_symbols_by_name(client):
    result = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="water"))
    assert [(s["name"], s["kind"], s["location"]["uri"]) for s in plain(result)] == [
        ("SCREEN_WATER", 5, uri("screens/nutrition.yaml")),
        ("water", 13, uri("metrics/series.yaml")),
        ("WATER_DAILY", 7, uri("metrics/water.yaml")),
    ]
