#include "send_budget.hpp"

#include "catan/room/address_limiter.hpp"
#include "catan/room/metrics.hpp"

namespace catan::net {

SendBudget::Account SendBudget::open(std::string_view remote) {
    std::string key = room::address_key(remote);
    const std::lock_guard lock(mutex_);
    auto& address = addresses_[key];
    if (!address) address = std::make_unique<Address>();
    ++address->accounts;
    return Account(this, address.get(), std::move(key));
}

std::size_t SendBudget::address_bytes(std::string_view remote) const {
    const std::lock_guard lock(mutex_);
    const auto it = addresses_.find(room::address_key(remote));
    return it == addresses_.end() ? 0 : it->second->bytes.load(std::memory_order_relaxed);
}

void SendBudget::close(const std::string& key) {
    const std::lock_guard lock(mutex_);
    const auto it = addresses_.find(key);
    if (it != addresses_.end() && --it->second->accounts == 0) addresses_.erase(it);
}

SendBudget::Account::Account(Account&& other) noexcept
    : budget_(other.budget_), address_(other.address_), key_(std::move(other.key_)), bytes_(other.bytes_) {
    other.budget_ = nullptr;
    other.address_ = nullptr;
    other.bytes_ = 0;
}

SendBudget::Account& SendBudget::Account::operator=(Account&& other) noexcept {
    if (this != &other) {
        reset();
        budget_ = other.budget_;
        address_ = other.address_;
        key_ = std::move(other.key_);
        bytes_ = other.bytes_;
        other.budget_ = nullptr;
        other.address_ = nullptr;
        other.bytes_ = 0;
    }
    return *this;
}

SendBudget::Account::~Account() { reset(); }

void SendBudget::Account::reset() {
    if (!budget_) return;
    release(bytes_);
    budget_->close(key_);
    budget_ = nullptr;
    address_ = nullptr;
}

SendBudget::Over SendBudget::Account::charge(std::size_t bytes) {
    if (!budget_) return Over::none;
    const Limits& limits = budget_->limits_;
    const std::size_t after = bytes_ + bytes;
    if (bytes_ > 0 && after > limits.connection) return Over::connection;
    // Read, then add: connections racing may each pass and overshoot by a message; what matters
    // (memory of the order of the limit) holds.
    if (after > kKeepingUp) {
        if (address_->bytes.load(std::memory_order_relaxed) + bytes > limits.address) return Over::address;
        if (budget_->total_.load(std::memory_order_relaxed) + bytes > limits.total) return Over::total;
    }
    bytes_ += bytes;
    address_->bytes.fetch_add(bytes, std::memory_order_relaxed);
    budget_->total_.fetch_add(bytes, std::memory_order_relaxed);
    if (budget_->metrics_) budget_->metrics_->send_queue_bytes_changed(static_cast<std::int64_t>(bytes));
    return Over::none;
}

void SendBudget::Account::release(std::size_t bytes) {
    if (!budget_ || bytes == 0) return;
    if (bytes > bytes_) bytes = bytes_;
    bytes_ -= bytes;
    address_->bytes.fetch_sub(bytes, std::memory_order_relaxed);
    budget_->total_.fetch_sub(bytes, std::memory_order_relaxed);
    if (budget_->metrics_) budget_->metrics_->send_queue_bytes_changed(-static_cast<std::int64_t>(bytes));
}

}  // namespace catan::net
