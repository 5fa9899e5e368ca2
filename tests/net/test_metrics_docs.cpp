// The metrics documentation against a real server: every metric name a Grafana expression
// of docs/metrics/grafana-dashboard.json uses, and every one docs/operating.md lists, is in the
// /metrics output of a real catan-server; every metric it exports is documented in
// docs/operating.md; the dashboard parses and has what Grafana needs to import it (uid, title,
// schemaVersion, a datasource variable, panels with a type, a position and targets with refId and
// expr, all on that datasource); the Prometheus example scrapes the job the dashboard selects.
#include <catch2/catch.hpp>

#include <regex>
#include <set>
#include <sstream>

#include "server_process.hpp"
#include "tool_run.hpp"
#include "ws_client.hpp"

using namespace catan::nettest;

namespace {

// The metric names of a Prometheus text exposition: each sample's name, and for a histogram or
// summary its _bucket, _sum and _count series (present in the output even before any sample).
std::set<std::string> exported_names(const std::string& text) {
    std::set<std::string> names;
    std::istringstream lines(text);
    std::string line;
    const std::regex type(R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (\w+))");
    const std::regex sample(R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? \S+)");
    std::smatch m;
    while (std::getline(lines, line)) {
        if (std::regex_match(line, m, type)) {
            names.insert(m[1]);
            if (m[2] == "histogram" || m[2] == "summary")
                for (const char* suffix : {"_bucket", "_sum", "_count"}) names.insert(m[1].str() + suffix);
        } else if (!line.starts_with('#') && std::regex_match(line, m, sample)) {
            names.insert(m[1]);
        }
    }
    return names;
}

std::set<std::string> catan_names_in(const std::string& text) {
    std::set<std::string> names;
    const std::regex name(R"(\bcatan_[a-z0-9_]+)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it) names.insert(it->str());
    return names;
}

}  // namespace

TEST_CASE("Metrics docs: the Grafana dashboard and docs/operating.md use exactly what /metrics exports", "[metrics-docs]") {
    ServerProcess server;  // with a data file: the store's metrics are exported too
    const HttpResponse metrics = http_request(server.port(), "GET", "/metrics");
    REQUIRE(metrics.status == 200);
    const std::set<std::string> exported = exported_names(metrics.body);
    REQUIRE(exported.count("catan_rooms"));
    REQUIRE(exported.count("catan_store_writes_total"));

    const std::string docs = CATAN_DOCS_DIR;
    const json dashboard = json::parse(slurp_file(docs + "/metrics/grafana-dashboard.json"), nullptr, false);
    REQUIRE(dashboard.is_object());
    CHECK(dashboard.value("uid", "") != "");
    CHECK(dashboard.value("title", "") != "");
    CHECK(dashboard["schemaVersion"].is_number_integer());
    bool datasource_variable = false;
    for (const json& v : dashboard["templating"]["list"])
        datasource_variable = datasource_variable || (v["type"] == "datasource" && v["name"] == "datasource" && v["query"] == "prometheus");
    CHECK(datasource_variable);
    REQUIRE(dashboard["panels"].is_array());
    REQUIRE(!dashboard["panels"].empty());
    std::set<std::string> used;
    std::set<int> ids;
    for (const json& p : dashboard["panels"]) {
        INFO(p.dump().substr(0, 200));
        CHECK(p.value("type", "") != "");
        CHECK(p.value("title", "") != "");
        CHECK(ids.insert(p.value("id", -1)).second);
        for (const char* k : {"x", "y", "w", "h"}) CHECK(p["gridPos"][k].is_number_integer());
        CHECK(p["datasource"]["uid"] == "${datasource}");
        REQUIRE(p["targets"].is_array());
        REQUIRE(!p["targets"].empty());
        for (const json& t : p["targets"]) {
            CHECK(t.value("refId", "") != "");
            REQUIRE(t["expr"].is_string());
            CHECK(t["expr"].get<std::string>().find("job=\"catan-server\"") != std::string::npos);
            for (const auto& n : catan_names_in(t["expr"])) used.insert(n);
        }
    }
    for (const auto& n : used) {
        INFO("the dashboard uses " << n);
        CHECK(exported.count(n) == 1);
    }
    // The other way round a new metric only warns: it deserves a panel, but a dashboard is a choice.
    for (const auto& n : exported)
        if (!used.count(n) && !used.count(n + "_bucket")) WARN("no dashboard panel shows " << n);

    // docs/operating.md lists every metric, and nothing the server does not export.
    const std::string operating = slurp_file(docs + "/operating.md");
    REQUIRE(!operating.empty());
    const std::set<std::string> documented = catan_names_in(operating);
    for (const auto& n : exported) {
        if (n.ends_with("_bucket") || n.ends_with("_sum") || (n.ends_with("_count") && exported.count(n.substr(0, n.size() - 6))))
            continue;  // a histogram is documented by its name
        INFO("docs/operating.md does not list " << n);
        CHECK(documented.count(n) == 1);
    }
    for (const auto& n : documented) {
        INFO("docs/operating.md names " << n << ", which /metrics does not export");
        CHECK(exported.count(n) == 1);
    }

    const std::string scrape = slurp_file(docs + "/metrics/prometheus.yml");
    CHECK_THAT(scrape, Catch::Contains("job_name: catan-server") && Catch::Contains("metrics_path: /metrics"));
    REQUIRE(server.stop() == 0);
}
