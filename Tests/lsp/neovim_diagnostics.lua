-- Neovim's own LSP client on `vitals lsp`: opens FILE (a catalog file), waits for the server's
-- diagnostics and writes each as "line:column severity code message" to OUT, then quits.
-- Run as: nvim --headless --clean -c "luafile neovim_diagnostics.lua" (Neovim 0.7 or later).
local vitals, root, file, out = os.getenv("VITALS_BIN"), os.getenv("CATALOG"), os.getenv("FILE"), os.getenv("OUT")
local client = vim.lsp.start_client({ name = "vitals", cmd = { vitals, "lsp" }, root_dir = root })
vim.cmd("edit " .. vim.fn.fnameescape(file))
vim.lsp.buf_attach_client(0, client)
local shown = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local lines = {}
if not shown then table.insert(lines, "no diagnostics within 30 s") end
for _, d in ipairs(vim.diagnostic.get(0)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ""
  table.insert(lines, string.format("%d:%d %d %s %s", d.lnum + 1, d.col + 1, d.severity, code, d.message))
end
vim.fn.writefile(lines, out)
vim.lsp.stop_client(client)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client) == nil end, 50)
vim.cmd("qa!")
