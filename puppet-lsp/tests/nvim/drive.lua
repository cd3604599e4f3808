-- Drives `puppet-parser lsp` from Neovim's built-in LSP client (Neovim 0.7, Debian 12's), the
-- way a user does: opens the fixture control repository, edits a manifest, and uses every
-- feature through Neovim's own functions (jump to definition, rename, formatting) or its
-- request API. Run by scripts/test-neovim, which copies the fixture and sets:
--   PUPPET_PARSER  the binary;  FIXTURE  the copy of tests/fixtures/control;  LSP_LOG  the log.
-- Prints one line per check and quits with status 1 when any fails.

local bin = assert(os.getenv('PUPPET_PARSER'), 'PUPPET_PARSER is not set')
local root = assert(os.getenv('FIXTURE'), 'FIXTURE is not set')
local log = os.getenv('LSP_LOG') or (root .. '/../lsp.log')
local failed = 0
local TIMEOUT = 10000

local function check(ok, what, detail)
  if ok then
    print('ok   ' .. what)
  else
    failed = failed + 1
    print('FAIL ' .. what .. (detail and (': ' .. vim.inspect(detail)) or ''))
  end
  return ok
end

local function finish()
  print(string.format('neovim: %d failed', failed))
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

-- What the server told the client.
local indexed = false
local diagnostics_version = {}
local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  diagnostics_version[result.uri] = result.version
  return default_publish(err, result, ctx, config)
end
vim.lsp.handlers['window/logMessage'] = function(_, result)
  if result.message:find('indexed') then
    indexed = true
  end
end

local client_id = vim.lsp.start_client({
  name = 'puppet-parser',
  cmd = { bin, 'lsp', '--log-level', 'info', '--log-file', log },
  root_dir = root,
  init_options = { lint = { checks = { ['80chars'] = true } } },
})
check(client_id ~= nil, 'the server starts')

local function open(relative)
  vim.cmd('edit ' .. root .. '/' .. relative)
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  return buf
end

local function uri_of(buf)
  return vim.uri_from_bufnr(buf)
end

-- Waits for the diagnostics of the buffer's current version.
local function wait_diagnostics(buf)
  local uri = uri_of(buf)
  local version = vim.lsp.util.buf_versions[buf]
  return vim.wait(TIMEOUT, function()
    return diagnostics_version[uri] == version
  end, 10)
end

local function request(buf, method, params)
  local replies = vim.lsp.buf_request_sync(buf, method, params, TIMEOUT)
  local reply = replies and replies[client_id]
  if not reply then
    return nil, 'no reply'
  end
  return reply.result, reply.error
end

local function position_of(buf, needle, nth)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(needle, 1, true)
    if col then
      return { line = i - 1, character = col - 1 + (nth or 0) }
    end
  end
  error(needle .. ' not found')
end

local function at(buf, needle, nth)
  return { textDocument = { uri = uri_of(buf) }, position = position_of(buf, needle, nth) }
end

local function put_cursor(buf, needle, nth)
  local p = position_of(buf, needle, nth)
  vim.api.nvim_win_set_cursor(0, { p.line + 1, p.character })
end

local web = open('site/profile/manifests/web.pp')
check(vim.wait(TIMEOUT, function() return indexed end, 10), 'the workspace is indexed')
check(wait_diagnostics(web), 'diagnostics arrive for the opened file')
check(#vim.diagnostic.get(web) == 0, 'a clean file has no diagnostics', vim.diagnostic.get(web))

-- Typing breaks the file: every syntax error shows; mending it clears them.
vim.api.nvim_buf_set_lines(web, 6, 7, false, { '  include {' })
wait_diagnostics(web)
local errors = vim.tbl_filter(function(d) return d.code == 'SYNTAX_ERROR' end, vim.diagnostic.get(web))
check(#errors >= 1, 'a syntax error shows while typing', vim.diagnostic.get(web))
vim.api.nvim_buf_set_lines(web, 6, 7, false, { '  include apache' })
wait_diagnostics(web)
check(#vim.diagnostic.get(web) == 0, 'mending the line clears it', vim.diagnostic.get(web))
-- A lint problem (80chars is on through init_options).
vim.api.nvim_buf_set_lines(web, 7, 7, false, { '  # ' .. string.rep('x', 90) })
wait_diagnostics(web)
local lint = vim.tbl_filter(function(d) return d.code == '80chars' end, vim.diagnostic.get(web))
check(#lint == 1, 'lint problems show', vim.diagnostic.get(web))
vim.api.nvim_buf_set_lines(web, 7, 8, false, {})
wait_diagnostics(web)

-- Symbols.
local symbols = request(web, 'textDocument/documentSymbol', { textDocument = { uri = uri_of(web) } })
check(symbols and symbols[1] and symbols[1].name == 'profile::web', 'document symbols', symbols)
local found = request(web, 'workspace/symbol', { query = 'vhost' })
check(found and found[1] and found[1].name == 'apache::vhost', 'workspace symbols', found)

-- Hover.
local hover = request(web, 'textDocument/hover', at(web, 'include apache', 9))
check(hover and hover.contents.value:find('Installs Apache', 1, true), 'hover on a class', hover)
hover = request(web, 'textDocument/hover', at(web, 'ensure  => file', 1))
check(hover and hover.contents.value:find('`ensure` of `file`', 1, true), 'hover on a core attribute', hover)

-- References.
local refs = request(web, 'textDocument/references', vim.tbl_extend('force', at(web, 'include apache', 9), { context = { includeDeclaration = true } }))
check(refs and #refs == 3, 'references of a class across files', refs)

-- Completion, in a buffer that does not parse.
vim.api.nvim_buf_set_lines(web, 21, 21, false, { '  include ap' })
wait_diagnostics(web)
local completion = request(web, 'textDocument/completion', { textDocument = { uri = uri_of(web) }, position = { line = 21, character = 12 } })
local labels = {}
for _, item in ipairs((completion or {}).items or {}) do
  table.insert(labels, item.label)
end
check(vim.tbl_contains(labels, 'apache'), 'completion of class names', labels)
vim.api.nvim_buf_set_lines(web, 21, 22, false, {})
wait_diagnostics(web)

-- Rename through Neovim's own command: the buffer changes.
put_cursor(web, '$greeting =', 2)
vim.lsp.buf.rename('message')
vim.wait(TIMEOUT, function()
  return table.concat(vim.api.nvim_buf_get_lines(web, 0, -1, false), '\n'):find('$message', 1, true) ~= nil
end, 10)
local text = table.concat(vim.api.nvim_buf_get_lines(web, 0, -1, false), '\n')
check(text:find('$message =', 1, true) and text:find('notify { $message:', 1, true) and not text:find('greeting', 1, true), 'rename a local variable', text)

-- Formatting through Neovim's own command.
local messy = open('site/profile/manifests/params.pp')
wait_diagnostics(messy)
vim.api.nvim_buf_set_lines(messy, 2, 3, false, { "  $motd =     'Welcome'" })
wait_diagnostics(messy)
vim.lsp.buf.formatting_sync(nil, TIMEOUT)
check(vim.api.nvim_buf_get_lines(messy, 2, 3, false)[1] == "  $motd = 'Welcome'", 'format the document', vim.api.nvim_buf_get_lines(messy, 0, -1, false))

-- Code actions: a lint fix.
vim.api.nvim_buf_set_lines(messy, 2, 3, false, { '  $motd = "Welcome"' })
wait_diagnostics(messy)
local actions = request(messy, 'textDocument/codeAction', { textDocument = { uri = uri_of(messy) }, range = { start = { line = 2, character = 0 }, ['end'] = { line = 2, character = 10 } }, context = { diagnostics = {} } })
local titles = {}
for _, action in ipairs(actions or {}) do
  table.insert(titles, action.title)
end
check(vim.tbl_contains(titles, 'Ignore double_quoted_strings on this line'), 'code actions for a lint problem', titles)

-- Go to definition through Neovim's own command: it jumps to the class's file.
vim.cmd('buffer ' .. web)
put_cursor(web, 'include apache', 9)
vim.lsp.buf.definition()
vim.wait(TIMEOUT, function()
  return vim.api.nvim_buf_get_name(0):find('apache/manifests/init.pp', 1, true) ~= nil
end, 10)
check(vim.api.nvim_buf_get_name(0):find('apache/manifests/init.pp', 1, true), 'go to definition jumps to the class', vim.api.nvim_buf_get_name(0))
check(vim.api.nvim_win_get_cursor(0)[1] == 4, 'on the line of its name', vim.api.nvim_win_get_cursor(0))

-- Shut down cleanly.
vim.lsp.stop_client(client_id)
check(vim.wait(TIMEOUT, function() return vim.lsp.get_client_by_id(client_id) == nil end, 10), 'the server stops when asked')
finish()
