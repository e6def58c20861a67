-- Drives "relurl lsp" from Neovim 0.7.2 (Debian 12), headless, started in
-- a subdirectory of a tree, as TestNeovimTree in package lsp runs it:
--
--   cd TREE/library && RELURL_BIN=relurl nvim --headless -u NONE -i NONE -n FILE -c 'luafile tree.lua'
--
-- The client is started as docs/editors.md once said, with the working
-- directory as its root_dir: the server must find the tree's root itself.
-- The script checks that FILE's diagnostics are RELURL_EXPECT (what
-- "relurl lint" of the whole tree reports for FILE: "rule@line:column"
-- each, from 0, by position); asks for a hover on line 0; then has another
-- process (sh) write RELURL_CREATE, the file a link of FILE leads to, and
-- checks that the diagnostics become RELURL_AFTER within RELURL_WITHIN_MS,
-- with no didChangeWatchedFiles (Neovim 0.7 sends none). It quits with
-- status 0, or 1 at the first check that fails. Every step is printed,
-- for the test's log.

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
local after = os.getenv("RELURL_AFTER") or ""
local create = os.getenv("RELURL_CREATE") or ""
local within = tonumber(os.getenv("RELURL_WITHIN_MS") or "1000")
if not check(bin and bin ~= "" and create ~= "", "RELURL_BIN or RELURL_CREATE is not set") then return end

local function main()
local buf = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buf)
say("nvim %s, working directory %s, file %s", tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch),
  vim.fn.fnamemodify(vim.fn.getcwd(), ":t"), vim.fn.fnamemodify(file, ":."))

local latest = nil -- the last publishDiagnostics for the buffer
local default_publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
local client_id = vim.lsp.start_client({
  name = "relurl",
  cmd = { bin, "lsp" },
  root_dir = vim.fn.getcwd(),
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
local ws = vim.lsp.protocol.make_client_capabilities().workspace or {}
say("client root_dir %s; didChangeWatchedFiles offered: %s", vim.fn.fnamemodify(client.config.root_dir, ":t"),
  tostring(ws.didChangeWatchedFiles ~= nil and ws.didChangeWatchedFiles.dynamicRegistration == true))

-- codes returns the diagnostics as "rule@line:column", by position.
local function codes(ds)
  local sorted = {}
  for _, d in ipairs(ds) do table.insert(sorted, d) end
  table.sort(sorted, function(a, b)
    if a.range.start.line ~= b.range.start.line then return a.range.start.line < b.range.start.line end
    return a.range.start.character < b.range.start.character
  end)
  local out = {}
  for _, d in ipairs(sorted) do
    table.insert(out, string.format("%s@%d:%d", d.code, d.range.start.line, d.range.start.character))
  end
  return table.concat(out, " ")
end

local ok = vim.wait(10000, function() return latest ~= nil end, 20)
if not check(ok, "no diagnostics within 10 s") then return end
for _, d in ipairs(latest.diagnostics) do
  say("diagnostic [%s] %d:%d: %s", d.code, d.range.start.line, d.range.start.character, d.message)
end
local got = codes(latest.diagnostics)
say("diagnostics: %s", got)
say("relurl lint: %s", expect)
if not check(got == expect, "the diagnostics differ from relurl lint of the whole tree") then return end

-- A hover on the link of line 0: resolved against the URL the file is
-- served at under the tree's root.
local resp = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = 0, character = 12 },
}, 5000, buf)
if not check(resp and resp.result, "hover: no answer (%s)", vim.inspect(resp and resp.err)) then return end
local h = resp.result.contents.value
for _, l in ipairs(vim.split(h, "\n")) do
  if l:find("§4", 1, true) or l:find("It leads", 1, true) then say("hover | %s", l) end
end
check(h:find("which exists, with the anchor", 1, true), "the hover does not find the link's target and anchor")

-- Another process writes the file a link leads to; no message from the
-- client tells the server.
local start = vim.loop.hrtime()
vim.fn.system({ "sh", "-c", 'printf "<h1>New</h1>\\n" > "$0"', create })
check(vim.v.shell_error == 0, "sh could not write %s", create)
say("another process wrote %s", vim.fn.fnamemodify(create, ":t"))
ok = vim.wait(within, function() return codes(latest.diagnostics) == after end, 10)
local ms = (vim.loop.hrtime() - start) / 1e6
say("diagnostics after %d ms: %s", ms, codes(latest.diagnostics))
if not check(ok, "the diagnostics did not become %q within %d ms", after, within) then return end

-- Shutdown and exit: the server exits 0.
client.stop()
ok = vim.wait(5000, function() return vim.lsp.client_is_stopped(client_id) end, 20)
check(ok, "the server did not stop")
say("PASS")
vim.cmd("qa!")
end

-- An error of the script fails it at once, rather than leaving Neovim
-- waiting for the timeout.
local ran, err = xpcall(main, debug.traceback)
if not ran then fail("%s", err) end
