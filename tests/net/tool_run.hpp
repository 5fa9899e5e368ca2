#pragma once
// Runs the catan-server binary as a command-line tool (backup, rooms, export, verify ...) and captures
// its exit code, stdout and stderr: shared by the tests of the subcommands.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "server_process.hpp"

namespace catan::nettest {

struct ToolRun {
    int exit_code = -1;
    std::string out, err;
};

inline std::string slurp_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Single-quoted for the shell (test paths hold no quote).
inline std::string shell_quote(const std::string& s) {
    std::string quoted(1, '\'');
    quoted.append(s).append(1, '\'');
    return quoted;
}

// `args` go to the shell as they are (quote paths with shell_quote); output is captured in `dir`
// under `tag` (distinct tags let several threads run tools at once). `binary`: another server binary
// with the same command line (catan-server-race); empty: server_binary().
inline ToolRun run_tool(const std::filesystem::path& dir, const std::string& args, const std::string& tag = "tool",
                        const std::string& binary = {}) {
    const auto out = dir / (tag + ".out"), err = dir / (tag + ".err");
    const std::string line = "timeout 60 " + shell_quote(binary.empty() ? std::string(server_binary()) : binary) + " " + args +
                             " >" + shell_quote(out.string()) +
                             " 2>" + shell_quote(err.string());
    const int status = std::system(line.c_str());
    ToolRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp_file(out);
    r.err = slurp_file(err);
    return r;
}

struct Verdict {
    int exit_code = -1;
    std::string output;  // stdout, then stderr
};

// `binary verify FILE` on `record` written to `path`, as a user would run it.
inline Verdict run_verify(const std::filesystem::path& path, const std::string& record, const std::string& binary = {}) {
    std::ofstream(path) << record;
    const ToolRun r = run_tool(path.parent_path(), "verify " + shell_quote(path.string()), path.stem().string() + "-verify", binary);
    return {r.exit_code, r.out + r.err};
}

}  // namespace catan::nettest
