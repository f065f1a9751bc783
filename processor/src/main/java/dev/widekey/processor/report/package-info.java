/**
 * The key-layout report ({@code -Awidekey.report=true}): per entity an HTML page ({@link
 * dev.widekey.processor.report.LayoutReportPage}) and a Markdown twin ({@link
 * dev.widekey.processor.report.LayoutReportMarkdown}) of its tables' key segments, example keys in
 * store order ({@link dev.widekey.processor.report.ExampleKeys}) and the rules that apply ({@link
 * dev.widekey.processor.report.DesignRules}), and an index ({@link
 * dev.widekey.processor.report.ReportIndex}), written by {@link
 * dev.widekey.processor.report.LayoutReportWriter}.
 */
package dev.widekey.processor.report;
