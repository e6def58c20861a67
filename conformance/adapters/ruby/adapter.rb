# RFC 1808 conformance adapter: Ruby's URI (URI.parse(base).merge(input),
# URI.parse; Debian's ruby). Reads cases on standard input, one JSON object
# a line ({"input", "base"}), and writes a line describing the library, then
# one answer a line: the URL to_s gives and the URI's parts, or {"error"}.
# A null or empty base is no base. See docs/conformance-data.md.
require 'json'
require 'uri'

$stdout.binmode
puts JSON.generate({
  implementation: 'Ruby URI',
  version: "#{RUBY_VERSION} (uri #{URI::VERSION})",
  api: 'URI.parse(base).merge(input), URI.parse',
  validity: true,
  empty_components: true, # query and fragment are nil when absent
  params: false,
})
$stdin.each_line do |line|
  c = JSON.parse(line)
  out =
    begin
      base = c['base']
      u = base.nil? || base.empty? ? URI.parse(c['input']) : URI.parse(base).merge(c['input'])
      net_loc = nil
      unless u.host.nil?
        net_loc = u.host.dup
        net_loc = "#{u.userinfo}@#{net_loc}" unless u.userinfo.nil?
        net_loc += ":#{u.port}" if !u.port.nil? && u.port != u.default_port
      end
      { href: u.to_s, scheme: u.scheme, net_loc: net_loc, path: u.path || u.opaque || '',
        query: u.query, fragment: u.fragment }
    rescue StandardError => e
      { error: "#{e.class}: #{e.message}" }
    end
  puts JSON.generate(out)
end
