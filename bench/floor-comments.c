/*
 * The compiled floor row of bench/check.ts: how fast a scanner compiled to
 * WebAssembly finds the `@` marks that stand in comments of TS/JS files
 * read as bytes, with no string made of them. A measure of what a compiled
 * skim could cost, not a scanner: strings, templates with holes, comments
 * and regular expressions are told apart by the usual rule (a `/` after a
 * value is division), which is close to the skim's work but not its
 * contract. bench/floor.ts compiles it with Debian's clang-14 and
 * wasm-ld-14 when they are installed.
 */
typedef unsigned char byte;

/* The file under scan: JavaScript reads each file into it, then calls scan with its length. */
static byte text[64 << 20];

__attribute__((export_name("text"))) byte *text_address(void) { return text; }
__attribute__((export_name("capacity"))) int text_capacity(void) { return sizeof text; }

static int word_byte(byte c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c >= 0x80;
}

/* Words after which a `/` opens a regular expression, as after an operator. */
static int regex_may_follow(const byte *w, int n) {
  static const char *const words[] = {"return", "typeof", "case", "in", "void", "delete", "yield", "await", 0};
  for (int k = 0; words[k]; k++) {
    int i = 0;
    while (i < n && words[k][i] == w[i]) i++;
    if (i == n && words[k][i] == 0) return 1;
  }
  return 0;
}

/* The `@` marks inside comments of text[0..n). */
__attribute__((export_name("scan"))) int scan(int n) {
  int i = 0, marks = 0, regex_ok = 1, braces = 0, holes = 0;
  int hole_braces[256];
  while (i < n) {
    byte c = text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      i++;
    } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
      for (i += 2; i < n && text[i] != '\n'; i++) marks += text[i] == '@';
    } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      for (i += 2; i + 1 < n && !(text[i] == '*' && text[i + 1] == '/'); i++) marks += text[i] == '@';
      i += 2;
    } else if (c == '\'' || c == '"') {
      for (i++; i < n && text[i] != c && text[i] != '\n'; i += text[i] == '\\' ? 2 : 1);
      i++;
      regex_ok = 0;
    } else if (c == '`' || (c == '}' && holes > 0 && hole_braces[holes - 1] == braces)) {
      /* A template's text, from its start or from the `}` closing a hole, up to its end or next hole. */
      if (c == '}') holes--;
      for (i++; i < n && text[i] != '`'; i++) {
        if (text[i] == '\\') i++;
        else if (text[i] == '$' && i + 1 < n && text[i + 1] == '{') break;
      }
      if (i < n && text[i] == '$') {
        if (holes < 256) hole_braces[holes++] = braces;
        i += 2;
        regex_ok = 1;
      } else {
        i++;
        regex_ok = 0;
      }
    } else if (c == '/' && regex_ok) {
      int in_class = 0;
      for (i++; i < n && text[i] != '\n'; i++) {
        if (text[i] == '\\') i++;
        else if (text[i] == '[') in_class = 1;
        else if (text[i] == ']') in_class = 0;
        else if (text[i] == '/' && !in_class) break;
      }
      for (i++; i < n && word_byte(text[i]); i++);
      regex_ok = 0;
    } else if (word_byte(c)) {
      int start = i;
      for (i++; i < n && word_byte(text[i]); i++);
      regex_ok = regex_may_follow(text + start, i - start);
    } else {
      if (c == '{') braces++;
      else if (c == '}') braces--;
      regex_ok = !(c == ')' || c == ']' || c == '}');
      i++;
    }
  }
  return marks;
}
