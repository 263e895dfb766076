// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/gui/PictureActions.h"

#include "widgets/ExportDialog.h"
#include "widgets/FileDialogs.h"
#include "app/gui/MainWindow.h"
#include "widgets/analysis/AnalysisDock.h"
#include "core/analysis/compare/Compare.h"
#include "widgets/compare/ComparisonDock.h"
#include "widgets/compare/MetricsTableModel.h"
#include "widgets/compare/ReportExport.h"
#include "widgets/render/PictureExport.h"
#include "widgets/timeline/TimelineView.h"
#include "core/util/TraceName.h"
#include "widgets/view/Session.h"
#include "widgets/view/ViewState.h"

#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

namespace lanescope {

PictureActions::PictureActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
}

QString PictureActions::fileStem() const
{
    const Session &s = *m_window->session();
    QStringList names; // a comparison: "fsdp-baseline-vs-fsdp-tuned"
    for (int i = 0; i < s.runCount(); ++i)
        names << (s.runCount() >= 2 ? s.run(i).label : traceBaseName(m_window->currentFile()));
    QString stem = names.join(QStringLiteral("-vs-"));
    stem.replace(QRegularExpression(QStringLiteral("[/\\\\:*?\"<>|\\s]+")), QStringLiteral("_"));
    return stem;
}

void PictureActions::showExportDialog()
{
    if (!m_window->trace())
        return;
    const QString dir = proposedFolder(Kind::Picture);
    ExportDialog dialog(QDir(dir).filePath(fileStem() + QStringLiteral(".png")), m_window->timelineView()->viewport()->width(), m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    ExportRequest req;
    req.path = dialog.path();
    req.width = dialog.width();
    req.scale = dialog.size() == ExportDialog::Size::Window2x ? 2 : 1;
    req.lanes = int(dialog.lanes());
    req.metrics = dialog.metrics();
    req.title = dialog.title();
    QString error;
    if (!exportPicture(req, &error)) {
        QMessageBox::warning(m_window, tr("Export failed"), error);
        return;
    }
    rememberFolder(req.path);
    emit status(tr("Exported %1").arg(QDir::toNativeSeparators(req.path)));
}

QString PictureActions::proposedFolder(Kind kind)
{
    const QString last = QSettings().value(QStringLiteral("exportDir")).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString where = QStandardPaths::writableLocation(kind == Kind::Picture ? QStandardPaths::PicturesLocation
                                                                                 : QStandardPaths::DocumentsLocation);
    return !where.isEmpty() && QFileInfo(where).isDir() ? where : QDir::homePath();
}

void PictureActions::rememberFolder(const QString &writtenPath)
{
    QSettings().setValue(QStringLiteral("exportDir"), QFileInfo(writtenPath).absolutePath());
}

namespace {
// The picture of the timeline's window: its runs, the lanes asked for, the overlay as shown.
struct PictureParts
{
    PictureInput input;
    PictureOptions options;
    LaneLayout layout;
};
} // namespace

static void buildPicture(const Session &session, const TimelineView &view, const PictureActions::ExportRequest &req,
                         PictureParts &out)
{
    std::vector<LaneLayout::RunInput> inputs;
    for (int i = 0; i < session.runCount(); ++i) {
        const SessionRun &r = session.run(i);
        out.input.runs.push_back({r.trace.get(), r.index.get(), r.base()});
        out.input.annotations.push_back(r.annotations.get());
        inputs.push_back({r.trace.get(), r.label, req.lanes == int(ExportDialog::Lanes::Gpu)});
    }
    if (req.lanes == int(ExportDialog::Lanes::AsShown))
        out.layout = view.laneLayout();
    else {
        out.layout.setMemoryBandsVisible(view.memoryOverlayVisible()); // no empty band while the overlay is off
        out.layout.build(inputs);
    }
    out.input.layout = &out.layout;
    out.input.windowStart = session.state()->windowStart();
    out.input.windowRange = session.state()->windowRange();
    out.input.overlay = PictureExport::pictureOverlay(view.overlay()); // no selection, hover or gap mark
    if (session.runCount() > 0 && session.run(0).analysis)
        out.input.analysis = session.run(0).analysis.get();
    if (session.runCount() >= 2) // a comparison: the runs in the title, a line of figures each
        for (int i = 0; i < session.runCount(); ++i) {
            out.input.labels << session.run(i).label;
            out.input.analyses.push_back(session.run(i).analysis.get());
        }
    out.options.width = req.width > 0 ? req.width : view.viewport()->width();
    out.options.scale = req.scale;
    out.options.metrics = req.metrics;
    out.options.title = req.title;
    out.options.memory = view.memoryOverlayVisible();
    out.options.font = view.font();
}

bool PictureActions::exportPicture(const ExportRequest &request, QString *error)
{
    if (m_window->session()->runCount() == 0) {
        if (error)
            *error = tr("nothing to export: open a trace first");
        return false;
    }
    PictureParts parts;
    buildPicture(*m_window->session(), *m_window->timelineView(), request, parts);
    return PictureExport::write(request.path, parts.input, parts.options, error);
}

void PictureActions::copyPicture()
{
    if (m_window->session()->runCount() == 0)
        return;
    PictureParts parts;
    ExportRequest req;
    req.scale = m_window->timelineView()->devicePixelRatioF();
    buildPicture(*m_window->session(), *m_window->timelineView(), req, parts);
    QGuiApplication::clipboard()->setImage(PictureExport::image(parts.input, parts.options));
    emit status(tr("Picture copied to the clipboard"));
}

bool PictureActions::writeReport(const QString &path, QPageSize::PageSizeId page, QString *error, QStringList *drawn,
                                 QPageLayout::Orientation orientation)
{
    auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (m_window->session()->runCount() == 0)
        return fail(tr("nothing to report: open a trace first"));
    PictureParts parts;
    ExportRequest req;
    // The lanes as shown: an arrow or a rectangle the user drew on a CPU thread is drawn whole,
    // not cut or left out with the lanes it lies on.
    req.lanes = int(ExportDialog::Lanes::AsShown);
    buildPicture(*m_window->session(), *m_window->timelineView(), req, parts);
    parts.options.width = std::max(parts.options.width, 1400); // a page's worth of detail
    ReportInput in;
    in.picture = parts.input;
    in.pictureOptions = parts.options;
    for (int i = 0; i < m_window->session()->runCount(); ++i)
        in.runLines << tr("%1 — %2").arg(m_window->session()->run(i).label, QDir::toNativeSeparators(m_window->session()->run(i).path));
    // The table: the comparison dock's own model (its values and deltas), or for one trace the
    // same rows over its analysis alone.
    MetricsTableModel single;
    analysis::ComparisonResult one;
    if (m_window->session()->runCount() >= 2) {
        if (m_window->comparisonDock()->isBusy() || !m_window->comparisonDock()->comparison() || m_window->comparisonDock()->metricsModel()->rowCount() == 0)
            return fail(tr("the comparison is still being measured: try again when its figures are shown"));
        in.metrics = m_window->comparisonDock()->metricsModel();
    } else {
        const SessionRun &r = m_window->session()->run(0);
        if (!r.analysis || m_window->analysisDock()->isBusy())
            return fail(tr("the analysis is still running: try again when its figures are shown"));
        one = analysis::compareRuns({{r.label, r.path, r.trace.get(), r.analysis.get(), std::nullopt}});
        single.setComparison(&one);
        in.metrics = &single;
    }
    return ReportExport::write(path, in, page, error, drawn, orientation);
}

void PictureActions::showReportDialog()
{
    if (m_window->session()->runCount() == 0)
        return;
    const QString base = fileStem() + QStringLiteral("-report.pdf");
    const QString dir = proposedFolder(Kind::Report);

    QDialog dialog(m_window);
    dialog.setWindowTitle(tr("Report"));
    auto *form = new QFormLayout(&dialog);
    auto *pathEdit = new QLineEdit(QDir::toNativeSeparators(QDir(dir).filePath(base)), &dialog);
    pathEdit->setObjectName(QStringLiteral("reportPath"));
    // The whole path readable: its width, between 40 and 90 characters' worth.
    const QFontMetrics fm = pathEdit->fontMetrics();
    pathEdit->setMinimumWidth(std::clamp(fm.horizontalAdvance(pathEdit->text()) + 2 * fm.averageCharWidth(), 40 * fm.averageCharWidth(),
                                         90 * fm.averageCharWidth()));
    auto *browse = new QPushButton(tr("Browse…"), &dialog);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(pathEdit, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("File:"), pathRow);
    auto *pageBox = new QComboBox(&dialog);
    pageBox->setObjectName(QStringLiteral("reportPage"));
    pageBox->addItem(tr("A4"), int(QPageSize::A4));
    pageBox->addItem(tr("Letter"), int(QPageSize::Letter));
    pageBox->setCurrentIndex(pageBox->findData(int(ReportExport::defaultPageSize(QLocale()))));
    form->addRow(tr("Page:"), pageBox);
    auto *orientationBox = new QComboBox(&dialog);
    orientationBox->setObjectName(QStringLiteral("reportOrientation"));
    orientationBox->addItem(tr("Landscape"), int(QPageLayout::Landscape));
    orientationBox->addItem(tr("Portrait"), int(QPageLayout::Portrait));
    form->addRow(tr("Orientation:"), orientationBox);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(browse, &QPushButton::clicked, &dialog, [&] {
        const QString p = FileDialogs::getSaveFileName(&dialog, tr("Report"), pathEdit->text(), tr("PDF (*.pdf)"));
        if (!p.isEmpty())
            pathEdit->setText(QDir::toNativeSeparators(p));
    });
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString path = QDir::fromNativeSeparators(pathEdit->text().trimmed());
    if (QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) != 0)
        path += QStringLiteral(".pdf");
    QString error;
    if (!writeReport(path, QPageSize::PageSizeId(pageBox->currentData().toInt()), &error, nullptr,
                     QPageLayout::Orientation(orientationBox->currentData().toInt()))) {
        QMessageBox::warning(m_window, tr("Report failed"), error);
        return;
    }
    rememberFolder(path);
    emit status(tr("Report written to %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace lanescope
