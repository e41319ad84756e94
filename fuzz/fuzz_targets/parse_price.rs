//! Any text given to the price parser returns a price, "no price", or an error with a message —
//! never a panic, and a price it returns is positive with a sane range.
#![no_main]
use gpuquote::price::{parse_price, PriceText};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    match parse_price(s) {
        Ok(PriceText::Price(p)) => {
            assert!(p.amount >= rust_decimal::Decimal::ZERO);
            if let Some(m) = p.max {
                assert!(m >= p.amount);
            }
        }
        Ok(PriceText::NoPrice(_)) => {}
        Err(e) => assert!(!e.message.is_empty()),
    }
});
