-- Drives "relurl lsp" from Neovim 0.7.2 (Debian 12), headless, as
-- TestNeovim in package lsp runs it:
--
--   RELURL_BIN=relurl nvim --headless -u NONE -i NONE -n FILE -c 'luafile test.lua'
--
-- FILE is an HTML document whose line 1 holds a URL with a space after
-- "é" and "𝄞" (one and two UTF-16 code units). It checks the diagnostic's
-- UTF-16 range, applies the quick fix, checks the buffer and that the
-- diagnostics clear, asks for a hover, adds a link to a fragment its target
-- ("a b.html", beside FILE) does not have and waits for target/fragment,
-- and quits with status 0, or 1 at the first check that fails. Every step is printed, for the test's log.

local function say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. "\n")
  io.stdout:flush()
end

local function fail(fmt, ...)
  say("FAIL: " .. fmt, ...)
  vim.cmd("cquit 1")
end

local function check(ok, fmt, ...)
  if not ok then
    fail(fmt, ...)
  end
  return ok
end

local bin = os.getenv("RELURL_BIN")
local expect = os.getenv("RELURL_EXPECT") or ""
if not check(bin and bin ~= "", "RELURL_BIN is not set") then return end

local buf = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buf)
say("nvim %s, file %s", tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch), vim.fn.fnamemodify(file, ":t"))

local latest = nil -- the last publishDiagnostics for the buffer
local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
local client_id = vim.lsp.start_client({
  name = "relurl",
  cmd = { bin, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
  handlers = {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      latest = result
      say("publishDiagnostics version %s: %d diagnostic(s)", tostring(result.version), #result.diagnostics)
      return default_publish(err, result, ctx, config)
    end,
  },
})
if not check(client_id, "vim.lsp.start_client failed") then return end
vim.lsp.buf_attach_client(buf, client_id)
local client = vim.lsp.get_client_by_id(client_id)

local ok = vim.wait(10000, function() return latest ~= nil and #latest.diagnostics > 0 end, 20)
if not check(ok, "no diagnostics within 10 s") then return end
say("offset_encoding %s", client.offset_encoding)
check(client.offset_encoding == "utf-16", "offset_encoding %s, want utf-16", client.offset_encoding)

local d = latest.diagnostics[1]
say("diagnostic %s [%s] %d:%d-%d:%d: %s", d.source, d.code, d.range.start.line, d.range.start.character,
  d.range["end"].line, d.range["end"].character, d.message)
say("codeDescription %s", d.codeDescription and d.codeDescription.href or "(none)")
-- Line 0: <p>é 𝄞 <a href="a b.html">: the space is UTF-16 column 18
-- ("<p>" 3, "é" 1, " " 1, "𝄞" 2, " " 1, '<a href="' 9, "a" 1).
if not check(d.range.start.line == 0 and d.range.start.character == 18 and d.range["end"].character == 19,
  "range %d:%d-%d, want 0:18-19", d.range.start.line, d.range.start.character, d.range["end"].character) then return end
check(d.code == "fsegment/char", "code %s, want fsegment/char", tostring(d.code))
check(#vim.diagnostic.get(buf) > 0, "vim.diagnostic has none for the buffer")

-- The quick fix.
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = d.range,
  context = { diagnostics = { d } },
}
local resp = client.request_sync("textDocument/codeAction", params, 5000, buf)
if not check(resp and resp.result, "codeAction: no answer (%s)", vim.inspect(resp and resp.err)) then return end
local fixit = nil
for _, a in ipairs(resp.result) do
  say("code action %q kind %s preferred %s", a.title, a.kind, tostring(a.isPreferred))
  if a.isPreferred and a.kind == "quickfix" then fixit = a end
end
if not check(fixit, "no preferred quickfix") then return end
vim.lsp.util.apply_workspace_edit(fixit.edit, client.offset_encoding)
local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
say("line 1 after the fix: %s", line)
check(line == expect, "line 1 is %q, want %q", line, expect)

-- The fix sends didChange; the diagnostics clear.
local version = vim.lsp.util.buf_versions[buf]
ok = vim.wait(10000, function() return latest.version == version and #latest.diagnostics == 0 end, 20)
check(ok, "the diagnostics of version %d did not clear (last: version %s, %d)", version, tostring(latest.version), #latest.diagnostics)

-- A hover on the fixed URL ("a%20b.html" begins at column 17).
resp = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = 0, character = 18 },
}, 5000, buf)
if not check(resp and resp.result, "hover: no answer (%s)", vim.inspect(resp and resp.err)) then return end
local h = resp.result
say("hover range %d:%d-%d:%d, %s:", h.range.start.line, h.range.start.character, h.range["end"].line, h.range["end"].character, h.contents.kind)
for _, l in ipairs(vim.split(h.contents.value, "\n")) do say("  | %s", l) end
check(h.range.start.character == 17 and h.range["end"].character == 27, "hover range %d-%d, want 17-27",
  h.range.start.character, h.range["end"].character)
check(h.contents.value:find("valid relativeURL", 1, true), "the hover does not say valid relativeURL")
check(h.contents.value:find("#url=a%2520b.html", 1, true), "the hover has no playground link")

-- A link to a fragment "a b.html" does not have: the target rules' finding.
vim.api.nvim_buf_set_lines(buf, 1, 1, false, { '<a href="a%20b.html#usgae">usage</a>' })
version = vim.lsp.util.buf_versions[buf]
ok = vim.wait(10000, function() return latest.version == version and #latest.diagnostics > 0 end, 20)
if not check(ok, "no diagnostics for version %d (last: version %s)", version, tostring(latest.version)) then return end
d = latest.diagnostics[1]
say("diagnostic %s [%s] %d:%d-%d:%d: %s", d.source, d.code, d.range.start.line, d.range.start.character,
  d.range["end"].line, d.range["end"].character, d.message)
check(d.code == "target/fragment" and d.range.start.line == 1, "code %s on line %d, want target/fragment on line 1",
  tostring(d.code), d.range.start.line)

-- Shutdown and exit: the server exits 0.
client.stop()
ok = vim.wait(5000, function() return vim.lsp.client_is_stopped(client_id) end, 20)
check(ok, "the server did not stop")
say("PASS")
vim.cmd("qa!")
