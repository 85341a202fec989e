// dossier-inspect: reads one untrusted file and says what it is, for the server, which runs it as
// a child process under memory, CPU-time and output limits (core/child_process.hpp). It links only
// the parsers it needs, and nothing it does can touch the server's memory, files or sockets.
//
//   dossier-inspect type <file>   prints the media type its content is recognised as

#include <cstdio>
#include <string>
#include <string_view>

#include "file_type.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: dossier-inspect type <file>\n");
    return 2;
  }
  const std::string_view command = argv[1];
  if (command == "type") {
    const auto type = dossier::inspect::mediaTypeOf(argv[2]);
    if (type.empty()) {
      return 1;
    }
    std::printf("%s\n", type.c_str());
    return 0;
  }
  std::fprintf(stderr, "unknown command %s\n", argv[1]);
  return 2;
}
