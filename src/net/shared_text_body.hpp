#pragma once
// Internal to catan_net: a Beast body that writes a shared, already serialised text without copying
// it (a replay record is megabytes and every answer for it shares one string).
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/optional.hpp>

namespace catan::net {

struct SharedTextBody {
    using value_type = std::shared_ptr<const std::string>;  // null: no body (HEAD)

    static std::uint64_t size(const value_type& body) { return body ? body->size() : 0; }

    class writer {
    public:
        using const_buffers_type = boost::asio::const_buffer;
        template <bool isRequest, class Fields>
        writer(const boost::beast::http::header<isRequest, Fields>&, const value_type& body) : body_(body) {}
        void init(boost::beast::error_code& ec) { ec = {}; }
        boost::optional<std::pair<const_buffers_type, bool>> get(boost::beast::error_code& ec) {
            ec = {};
            if (!body_ || body_->empty()) return boost::none;
            return std::make_pair(const_buffers_type(body_->data(), body_->size()), false);
        }

    private:
        const value_type& body_;
    };
};

}  // namespace catan::net
