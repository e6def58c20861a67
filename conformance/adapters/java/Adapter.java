// RFC 1808 conformance adapter: Java's java.net.URI (new URI(base)
// .resolve(new URI(input)), new URI(input)). Reads cases on standard input,
// one JSON object a line ({"input", "base"}), and writes a line describing
// the library, then one answer a line: the URL toString gives and the
// URI's raw parts, or {"error"}. A null or empty base is no base. Run with
// the JDK's source launcher: java Adapter.java. See docs/conformance-data.md.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;

public class Adapter {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        out.println("{\"implementation\": \"Java java.net.URI\", \"version\": " + json(System.getProperty("java.version"))
                + ", \"api\": \"URI.resolve, new URI\", \"validity\": true, \"empty_components\": true, \"params\": false}");
        String line;
        while ((line = in.readLine()) != null) {
            String input = field(line, "input"), base = field(line, "base");
            try {
                URI u = new URI(input);
                if (base != null && !base.isEmpty()) {
                    u = new URI(base).resolve(u);
                }
                String path = u.isOpaque() ? u.getRawSchemeSpecificPart() : u.getRawPath();
                out.println("{\"href\": " + json(u.toString()) + ", \"scheme\": " + json(u.getScheme())
                        + ", \"net_loc\": " + json(u.getRawAuthority()) + ", \"path\": " + json(path == null ? "" : path)
                        + ", \"query\": " + json(u.getRawQuery()) + ", \"fragment\": " + json(u.getRawFragment()) + "}");
            } catch (Exception e) {
                out.println("{\"error\": " + json(e.toString()) + "}");
            }
        }
        out.flush();
    }

    // field reads "name": from the case line, a JSON string or null.
    static String field(String line, String name) {
        int i = line.indexOf("\"" + name + "\":") + name.length() + 3;
        while (line.charAt(i) == ' ') i++;
        if (line.startsWith("null", i)) return null;
        StringBuilder b = new StringBuilder();
        for (i++; line.charAt(i) != '"'; i++) {
            char c = line.charAt(i);
            if (c != '\\') { b.append(c); continue; }
            c = line.charAt(++i);
            switch (c) {
                case 'n': b.append('\n'); break;
                case 't': b.append('\t'); break;
                case 'r': b.append('\r'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'u': b.append((char) Integer.parseInt(line.substring(i + 1, i + 5), 16)); i += 4; break;
                default: b.append(c);
            }
        }
        return b.toString();
    }

    static String json(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c == 0x7f) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }
}
