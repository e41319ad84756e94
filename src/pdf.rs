//! The quote as a PDF (报价单): A4, bordered tables, right-aligned amounts, wrapped Chinese and
//! English, page numbers, a footer with the content hash, the CJK font embedded as a subset.
//! Every character is checked against the font first: a missing glyph is an error naming the
//! character, never an empty box.

use crate::error::{Error, Result};
use crate::money;
use crate::quote::QuoteRecord;
use printpdf::{
    Color, Line, LinePoint, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, Rect, Rgb, TextItem,
};
use rust_decimal::Decimal;
use std::str::FromStr;
use std::sync::OnceLock;

/// The shipped font (Noto Sans SC, GB 2312 subset; see data/fonts/README.md).
pub const FONT: &[u8] = include_bytes!("../data/fonts/NotoSansSC-Regular-GB2312.ttf");

const PAGE_W: f32 = 595.28;
const PAGE_H: f32 = 841.89;
const MARGIN: f32 = 42.0;
const FOOTER: f32 = 36.0;

/// Which language(s) the PDF speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// Chinese.
    Zh,
    /// English.
    En,
    /// Both, Chinese first.
    Both,
}

impl Lang {
    /// Parses `zh`, `en`, `both`.
    pub fn parse(s: &str) -> Result<Lang> {
        match s.trim().to_lowercase().as_str() {
            "zh" | "zh-cn" | "cn" => Ok(Lang::Zh),
            "en" => Ok(Lang::En),
            "both" | "zh+en" => Ok(Lang::Both),
            _ => Err(Error::invalid("lang", format!("'{s}': use zh, en or both"))),
        }
    }

    fn pick(self, zh: &str, en: &str) -> String {
        match self {
            Lang::Zh => zh.into(),
            Lang::En => en.into(),
            Lang::Both => format!("{zh} / {en}"),
        }
    }
}

/// The font, parsed once per process.
pub fn font() -> Result<&'static ParsedFont> {
    static PARSED: OnceLock<Option<ParsedFont>> = OnceLock::new();
    PARSED.get_or_init(|| ParsedFont::from_bytes(FONT, 0, &mut Vec::new())).as_ref().ok_or_else(
        || Error::Data {
            file: "fonts/NotoSansSC-Regular-GB2312.ttf".into(),
            message: "font does not parse".into(),
        },
    )
}

/// Width of `s` at `size` points, from the font's advances.
fn width(f: &ParsedFont, s: &str, size: f32) -> f32 {
    let upem = f.pdf_font_metrics.units_per_em.max(1) as f32;
    s.chars()
        .map(|c| {
            f.lookup_glyph_index(c as u32)
                .map(|g| f.get_horizontal_advance(g) as f32)
                .unwrap_or(upem / 2.0)
        })
        .sum::<f32>()
        / upem
        * size
}

/// Characters of `s` the font cannot draw.
fn missing(f: &ParsedFont, s: &str) -> Vec<char> {
    let mut m: Vec<char> = s
        .chars()
        .filter(|c| !c.is_whitespace() && f.lookup_glyph_index(*c as u32).is_none())
        .collect();
    m.dedup();
    m
}

/// Breaks `s` into lines no wider than `max`: at any CJK character, between Latin words, never
/// starting a line with closing punctuation.
fn wrap(f: &ParsedFont, s: &str, size: f32, max: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for para in s.split('\n') {
        let mut tokens: Vec<String> = Vec::new();
        let mut word = String::new();
        for c in para.chars() {
            let cjk = c as u32 >= 0x2E80;
            if c == ' ' || cjk {
                if !word.is_empty() {
                    tokens.push(std::mem::take(&mut word));
                }
                tokens.push(c.to_string());
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            tokens.push(word);
        }
        let mut line = String::new();
        for t in tokens {
            let closing = matches!(
                t.as_str(),
                "，" | "。" | "）" | "、" | "；" | "：" | "！" | "？" | "”" | "」" | "》"
            );
            let candidate = format!("{line}{t}");
            if !line.is_empty() && width(f, &candidate, size) > max && !closing {
                lines.push(line.trim_end().to_string());
                line = t.trim_start().to_string();
            } else {
                line = candidate;
            }
            // A single token wider than the line (a long URL): cut it by characters.
            while width(f, &line, size) > max && line.chars().count() > 1 {
                let mut cut = String::new();
                for c in line.chars() {
                    if width(f, &format!("{cut}{c}"), size) > max {
                        break;
                    }
                    cut.push(c);
                }
                let rest: String = line.chars().skip(cut.chars().count().max(1)).collect();
                lines.push(cut);
                line = rest;
            }
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

fn grey(v: f32) -> Color {
    Color::Rgb(Rgb { r: v, g: v, b: v, icc_profile: None })
}

/// Pages being drawn; y runs down from the top margin.
struct Canvas<'f> {
    font: &'f ParsedFont,
    font_id: printpdf::FontId,
    pages: Vec<Vec<Op>>,
    y: f32,
}

impl<'f> Canvas<'f> {
    fn ops(&mut self) -> &mut Vec<Op> {
        if self.pages.is_empty() {
            self.pages.push(Vec::new());
        }
        let n = self.pages.len();
        &mut self.pages[n - 1]
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = PAGE_H - MARGIN;
    }

    /// Starts a new page unless `h` points still fit above the footer.
    fn need(&mut self, h: f32) {
        if self.y - h < MARGIN + FOOTER {
            self.new_page();
        }
    }

    fn text(&mut self, x: f32, baseline: f32, size: f32, s: &str, color: f32) {
        let font = PdfFontHandle::External(self.font_id.clone());
        self.ops().extend([
            Op::StartTextSection,
            Op::SetFillColor { col: grey(color) },
            Op::SetFont { font, size: Pt(size) },
            Op::SetTextCursor { pos: Point { x: Pt(x), y: Pt(baseline) } },
            Op::ShowText { items: vec![TextItem::Text(s.to_string())] },
            Op::EndTextSection,
        ]);
    }

    fn text_right(&mut self, right: f32, baseline: f32, size: f32, s: &str) {
        let w = width(self.font, s, size);
        self.text(right - w, baseline, size, s, 0.0);
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thick: f32) {
        let p = |x: f32, y: f32| LinePoint { p: Point { x: Pt(x), y: Pt(y) }, bezier: false };
        self.ops().extend([
            Op::SetOutlineColor { col: grey(0.35) },
            Op::SetOutlineThickness { pt: Pt(thick) },
            Op::DrawLine { line: Line { points: vec![p(x1, y1), p(x2, y2)], is_closed: false } },
        ]);
    }

    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, col: Color) {
        self.ops().extend([
            Op::SetFillColor { col },
            Op::DrawRectangle {
                rectangle: Rect {
                    x: Pt(x),
                    y: Pt(y),
                    width: Pt(w),
                    height: Pt(h),
                    mode: Some(PaintMode::Fill),
                    winding_order: None,
                },
            },
        ]);
    }

    /// A paragraph wrapped to `w`, advancing y.
    fn para(&mut self, x: f32, w: f32, size: f32, s: &str, color: f32) {
        let lh = size * 1.45;
        for l in wrap(self.font, s, size, w) {
            self.need(lh);
            self.y -= lh;
            let b = self.y + size * 0.3;
            self.text(x, b, size, &l, color);
        }
    }

    /// A bordered table: header row shaded; cells wrapped; `right` columns right-aligned.
    fn table(
        &mut self,
        widths: &[f32],
        header: &[String],
        rows: &[Vec<String>],
        right: &[bool],
        size: f32,
    ) {
        let lh = size * 1.4;
        let pad = 4.0;
        let x0 = MARGIN;
        let total: f32 = widths.iter().sum();
        let draw_row = |c: &mut Canvas<'_>, cells: &[String], head: bool| {
            let wrapped: Vec<Vec<String>> = cells
                .iter()
                .zip(widths)
                .map(|(s, w)| wrap(c.font, s, size, w - 2.0 * pad))
                .collect();
            let n = wrapped.iter().map(|l| l.len()).max().unwrap_or(1).max(1);
            let h = n as f32 * lh + 2.0 * pad;
            c.need(h);
            let top = c.y;
            if head {
                c.fill(x0, top - h, total, h, grey(0.92));
            }
            let mut x = x0;
            for (i, lines) in wrapped.iter().enumerate() {
                for (k, l) in lines.iter().enumerate() {
                    let b = top - pad - (k as f32 + 1.0) * lh + lh * 0.28;
                    if right.get(i).copied().unwrap_or(false) && !head {
                        c.text_right(x + widths[i] - pad, b, size, l);
                    } else {
                        c.text(x + pad, b, size, l, 0.0);
                    }
                }
                x += widths[i];
            }
            // Borders of this row.
            c.line(x0, top, x0 + total, top, 0.6);
            c.line(x0, top - h, x0 + total, top - h, 0.6);
            let mut x = x0;
            c.line(x, top, x, top - h, 0.6);
            for w in widths {
                x += w;
                c.line(x, top, x, top - h, 0.6);
            }
            c.y = top - h;
        };
        draw_row(self, header, true);
        for r in rows {
            draw_row(self, r, false);
        }
    }
}

fn cny(s: &str) -> String {
    money::display(Decimal::from_str(s).unwrap_or_default(), "CNY")
}

/// Renders a quote as PDF bytes.
pub fn quote_pdf(
    q: &QuoteRecord,
    lang: Lang,
    generated_at: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<u8>> {
    let doc = quote_document(q, lang, generated_at)?;
    let mut warnings = Vec::new();
    Ok(doc.save(&PdfSaveOptions::default(), &mut warnings))
}

/// The same pages as SVG, one string per page, for the in-app preview (the subset font is
/// embedded in each page, so it shows exactly what the PDF will print).
pub fn quote_svg_pages(
    q: &QuoteRecord,
    lang: Lang,
    generated_at: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<String>> {
    let doc = quote_document(q, lang, generated_at)?;
    let mut warnings = Vec::new();
    let opts = printpdf::PdfToSvgOptions::default();
    Ok((1..=doc.pages.len()).filter_map(|i| doc.page_to_svg(i, &opts, &mut warnings)).collect())
}

fn quote_document(
    q: &QuoteRecord,
    lang: Lang,
    generated_at: chrono::DateTime<chrono::Utc>,
) -> Result<PdfDocument> {
    let f = font()?;
    let c = &q.content;
    let l = |zh: &str, en: &str| lang.pick(zh, en);
    // Every text that will be drawn, checked against the font first.
    let mut all = String::new();
    let push = |all: &mut String, s: &str| {
        all.push_str(s);
        all.push('\n');
    };
    for s in [
        &c.company,
        &c.number,
        &c.requester,
        &c.department,
        &c.purpose,
        &c.requirement,
        &c.notes,
        &c.total_uppercase,
    ] {
        push(&mut all, s);
    }
    for line in &c.lines {
        for s in [
            &line.vendor,
            &line.vendor_en,
            &line.offer,
            &line.source,
            &line.billing_plan,
            &line.unit_price,
        ] {
            push(&mut all, s);
        }
    }
    for s in c.assumptions.iter().chain(&c.warnings) {
        push(&mut all, s);
    }
    if let Some(rb) = &c.rent_or_build {
        push(&mut all, rb);
    }
    let miss = missing(f, &all);
    if let Some(ch) = miss.first() {
        return Err(Error::invalid(
            "pdf",
            format!(
                "the PDF font has no glyph for '{ch}' (U+{:04X}){}: edit the text or extend data/fonts",
                *ch as u32,
                if miss.len() > 1 { format!(" and {} more", miss.len() - 1) } else { String::new() }
            ),
        ));
    }

    let mut doc = PdfDocument::new(&format!("{} {}", l("报价单", "Quotation"), q.number));
    let font_id = doc.add_font(f);
    let mut cv = Canvas { font: f, font_id, pages: Vec::new(), y: PAGE_H - MARGIN };
    let w = PAGE_W - 2.0 * MARGIN;

    // Header: logo mark, title, number.
    cv.fill(
        MARGIN,
        cv.y - 30.0,
        30.0,
        30.0,
        Color::Rgb(Rgb { r: 0.09, g: 0.47, b: 1.0, icc_profile: None }),
    );
    cv.text(MARGIN + 5.5, cv.y - 22.0, 19.0, "算", 1.0);
    let issuer = if c.company.trim().is_empty() {
        l("算力比价台", "GPU Quote Desk")
    } else {
        c.company.clone()
    };
    cv.text(MARGIN + 40.0, cv.y - 14.0, 10.0, &issuer, 0.35);
    cv.text(MARGIN + 40.0, cv.y - 30.0, 18.0, &l("报价单", "Quotation"), 0.0);
    cv.text_right(PAGE_W - MARGIN, cv.y - 14.0, 11.0, &format!("{} v{}", q.number, q.version));
    cv.text_right(
        PAGE_W - MARGIN,
        cv.y - 30.0,
        9.0,
        &format!("{}: {}", l("状态", "Status"), q.status),
    );
    cv.y -= 44.0;
    cv.line(MARGIN, cv.y, PAGE_W - MARGIN, cv.y, 1.2);
    cv.y -= 4.0;
    let info = [
        (l("日期", "Date"), c.date.clone()),
        (l("有效期至", "Valid until"), c.valid_until.clone()),
        (l("经办人", "Requester"), c.requester.clone()),
        (l("部门", "Department"), c.department.clone()),
        (l("用途", "Purpose"), c.purpose.clone()),
        (l("算力需求", "Requirement"), c.requirement.clone()),
    ];
    for (k, v) in &info {
        cv.para(MARGIN, w, 9.5, &format!("{k}: {v}"), 0.0);
    }
    cv.y -= 8.0;

    // Recommended offer and alternatives.
    let header = [
        l("方案", "Role"),
        l("供应商", "Vendor"),
        l("在售规格", "Offer"),
        l("计费方案", "Billing plan"),
        l("标价总额", "List total"),
        l("有效成本", "Effective"),
        l("技术分", "Tech. score"),
    ];
    let rows: Vec<Vec<String>> = c
        .lines
        .iter()
        .map(|x| {
            vec![
                if x.role == "recommended" {
                    l("推荐", "Recommended")
                } else {
                    l("备选", "Alternative")
                },
                if lang == Lang::En { x.vendor_en.clone() } else { x.vendor.clone() },
                format!("{}\n{}", x.offer, x.unit_price),
                x.billing_plan.clone(),
                if x.currency == "CNY" {
                    cny(&x.list_total_cny)
                } else {
                    format!(
                        "{}\n= {}",
                        money::display(
                            Decimal::from_str(&x.list_total).unwrap_or_default(),
                            &x.currency
                        ),
                        cny(&x.list_total_cny)
                    )
                },
                cny(&x.effective_total_cny),
                x.technical_score.clone().unwrap_or_else(|| "—".into()),
            ]
        })
        .collect();
    cv.table(
        &[50.0, 58.0, 120.0, 80.0, 80.0, 72.0, 51.28],
        &header,
        &rows,
        &[false, false, false, false, true, true, true],
        8.0,
    );
    cv.y -= 10.0;

    // Totals: net, tax, gross, uppercase.
    let tax_word =
        if c.tax_included { l("含税", "tax included") } else { l("不含税", "tax excluded") };
    let totals = [
        (l("不含税金额", "Net"), cny(&c.net_cny)),
        (
            format!(
                "{} {}%（{}）",
                l("税额", "Tax"),
                money::plain(
                    (Decimal::from_str(&c.tax_rate).unwrap_or_default() * Decimal::from(100))
                        .normalize()
                ),
                tax_word
            ),
            cny(&c.tax_cny),
        ),
        (l("合计", "Total"), cny(&c.total_cny)),
    ];
    for (k, v) in &totals {
        cv.need(16.0);
        cv.y -= 15.0;
        let b = cv.y + 3.0;
        cv.text_right(PAGE_W - MARGIN - 120.0, b, 10.0, k);
        cv.text_right(PAGE_W - MARGIN, b, 10.5, v);
    }
    cv.y -= 4.0;
    cv.para(
        MARGIN,
        w,
        10.5,
        &format!("{}: 人民币{}", l("合计（大写）", "Total in words (大写)"), c.total_uppercase),
        0.0,
    );
    cv.y -= 8.0;

    // Sources, assumptions, warnings, notes.
    cv.para(MARGIN, w, 10.0, &l("价格来源", "Price sources"), 0.0);
    for x in &c.lines {
        cv.para(
            MARGIN + 8.0,
            w - 8.0,
            8.0,
            &format!(
                "{} — {} #{}, {} {}: {}",
                x.vendor,
                l("价格快照", "snapshot"),
                x.snapshot_id,
                l("采集于", "captured"),
                x.captured_at.get(..10).unwrap_or(&x.captured_at),
                x.source
            ),
            0.3,
        );
    }
    cv.y -= 4.0;
    cv.para(MARGIN, w, 10.0, &l("假设", "Assumptions"), 0.0);
    for a in &c.assumptions {
        cv.para(MARGIN + 8.0, w - 8.0, 8.0, &format!("• {a}"), 0.3);
    }
    cv.y -= 4.0;
    cv.para(MARGIN, w, 10.0, &l("租用与自建", "Rent or build"), 0.0);
    let rb = match (&c.rent_or_build, lang) {
        (Some(s), Lang::Zh) => s.split(" / ").next().unwrap_or(s).to_string(),
        (Some(s), Lang::En) => s.split(" / ").nth(1).unwrap_or(s).to_string(),
        (Some(s), Lang::Both) => s.clone(),
        (None, _) => l("未包含：没有与推荐型号对应的自建成本预设（gpuquote tco --save）", "not included: no rent-or-build preset models the recommended GPU (gpuquote tco --save)"),
    };
    cv.para(MARGIN + 8.0, w - 8.0, 8.0, &rb, 0.3);
    if !c.warnings.is_empty() {
        cv.y -= 4.0;
        cv.para(MARGIN, w, 10.0, &l("注意", "Warnings"), 0.0);
        for a in &c.warnings {
            cv.para(MARGIN + 8.0, w - 8.0, 8.0, &format!("• {a}"), 0.3);
        }
    }
    if !c.notes.is_empty() {
        cv.y -= 4.0;
        cv.para(MARGIN, w, 10.0, &l("备注", "Notes"), 0.0);
        cv.para(MARGIN + 8.0, w - 8.0, 9.0, &c.notes, 0.0);
    }

    // Approval block: four roles, signature and date lines.
    cv.y -= 10.0;
    cv.need(80.0);
    let col = w / 4.0;
    let top = cv.y;
    for (i, role) in c.approvals.iter().enumerate() {
        let x = MARGIN + i as f32 * col;
        let en = match role.as_str() {
            "经办人" => "Requester",
            "部门负责人" => "Head of department",
            "财务" => "Finance",
            _ => "Approver",
        };
        match lang {
            Lang::Zh => cv.text(x, top - 14.0, 10.0, role, 0.0),
            Lang::En => cv.text(x, top - 14.0, 10.0, en, 0.0),
            Lang::Both => {
                cv.text(x, top - 14.0, 10.0, role, 0.0);
                cv.text(x, top - 25.0, 7.5, en, 0.4);
            }
        }
        for (k, label) in [l("签字", "Signature"), l("日期", "Date")].iter().enumerate() {
            let base = top - 46.0 - k as f32 * 22.0;
            cv.text(x, base, 7.5, label, 0.4);
            let start = x + width(f, label, 7.5) + 4.0;
            cv.line(start, base - 2.0, x + col - 10.0, base - 2.0, 0.5);
        }
    }
    cv.y = top - 80.0;

    // Footers, now that the page count is known.
    let n = cv.pages.len();
    let hash = q.content_hash.clone().unwrap_or_else(|| l("草稿，未签发", "draft, not issued"));
    let gen = generated_at.format("%Y-%m-%d %H:%M UTC").to_string();
    for i in 0..n {
        let page_words = match lang {
            Lang::En => format!("Page {} of {}", i + 1, n),
            _ => format!("第 {} 页 / 共 {} 页", i + 1, n),
        };
        let foot = format!("SHA-256 {hash} · {} {gen}", l("生成于", "generated"));
        let idx = i;
        let saved = std::mem::take(&mut cv.pages[idx]);
        let mut tmp =
            Canvas { font: cv.font, font_id: cv.font_id.clone(), pages: vec![saved], y: 0.0 };
        tmp.line(MARGIN, MARGIN + 16.0, PAGE_W - MARGIN, MARGIN + 16.0, 0.5);
        tmp.text(MARGIN, MARGIN + 4.0, 7.0, &foot, 0.4);
        tmp.text_right(PAGE_W - MARGIN, MARGIN + 4.0, 7.5, &page_words);
        cv.pages[idx] = tmp.pages.pop().unwrap_or_default();
    }

    let pages: Vec<PdfPage> = cv
        .pages
        .into_iter()
        .map(|ops| PdfPage::new(printpdf::Mm(210.0), printpdf::Mm(297.0), ops))
        .collect();
    let when = printpdf::OffsetDateTime::from_unix_timestamp(generated_at.timestamp())
        .unwrap_or_else(|_| printpdf::OffsetDateTime::now_utc());
    doc.metadata.info.document_title =
        format!("{} {} v{}", l("报价单", "Quotation"), q.number, q.version);
    doc.metadata.info.author = c.requester.clone();
    doc.metadata.info.creator = "GPU Quote Desk (算力比价台)".into();
    doc.metadata.info.producer = format!("gpuquote {} (printpdf 0.12)", env!("CARGO_PKG_VERSION"));
    doc.metadata.info.subject = c.requirement.clone();
    doc.metadata.info.creation_date = when;
    doc.metadata.info.modification_date = when;
    doc.metadata.info.metadata_date = when;
    doc.with_pages(pages);
    Ok(doc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_cjk_and_words_and_keeps_punctuation() {
        let f = font().expect("font");
        let lines = wrap(
            f,
            "这是一个很长的中文句子，用来测试换行。Another long English sentence here.",
            9.0,
            80.0,
        );
        assert!(lines.len() > 2, "{lines:?}");
        assert!(lines.iter().all(|l| width(f, l, 9.0) <= 80.0 + 9.0), "{lines:?}");
        assert!(lines.iter().all(|l| !l.starts_with('，') && !l.starts_with('。')), "{lines:?}");
    }

    #[test]
    fn preview_pages_are_svg_with_the_text() {
        let mut store = crate::Store::open_in_memory().expect("store");
        let req = crate::quote::QuoteRequest {
            requirement: crate::compare::Requirement {
                gpu: Some("H100".into()),
                count: Some(8),
                duration: Some("3mo".into()),
                ..Default::default()
            },
            requester: "张三".into(),
            ..Default::default()
        };
        let q = crate::quote::new_quote(&mut store, &req).expect("quote");
        let pages = quote_svg_pages(&q, Lang::Zh, chrono::Utc::now()).expect("svg");
        assert!(!pages.is_empty());
        assert!(
            pages[0].contains("<svg")
                && pages[0].contains("报价单")
                && pages[0].contains("@font-face")
        );
    }

    #[test]
    fn a_missing_glyph_is_named() {
        let f = font().expect("font");
        assert_eq!(missing(f, "报价单 ¥253,440.00 贰拾伍万"), Vec::<char>::new());
        assert_eq!(missing(f, "emoji 🚀"), vec!['🚀']);
    }
}
