"""Positive identification of the open MIMIC-IV Clinical Database Demo (v2.2): published checksums only.

The demo is the one MIMIC-IV download anyone may share; everything else from PhysioNet falls
under the credentialed data use agreement. So a folder counts as the demo only when every table
file it holds is byte-identical to a file of the published demo (the SHA-256 sums PhysioNet
ships in its SHA256SUMS.txt), and a database counts as the demo only when its patients are
exactly the demo's 100 subjects. A README that mentions "demo", a renamed folder or a
decompressed copy is not enough: those import as credentialed unless the user says
``--source demo``. No data is stored here, only digests.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

DEMO_VERSION = "2.2"

# hosp/ and icu/ files of https://physionet.org/content/mimic-iv-demo/2.2/ (its SHA256SUMS.txt).
DEMO_FILE_SHA256 = {
    "hosp/admissions.csv.gz": "910b9f160ffdf1e08ea673585393f347c773ccc87d66875c627584a903ae8493",
    "hosp/d_hcpcs.csv.gz": "493ea7fe1d22afd5abd9138be8a4e50c776986feded6891143120d2bc724d881",
    "hosp/d_icd_diagnoses.csv.gz": "0f715a3c4c5e44400305d4deb86ff648e499a3bfcb946f353e8b030022d3ec06",
    "hosp/d_icd_procedures.csv.gz": "a921a20fbf3220e2a7fe874d6392d671c1cc769a001ef0a7841b80eb01030bb6",
    "hosp/d_labitems.csv.gz": "72ea5f020469fd24543bd98ab3bd0a4f645a5a4b7802d9d52af20d736f9d76db",
    "hosp/diagnoses_icd.csv.gz": "958565670c0b3903c0c12825366dc2bae8561d2d55f16feac0c949dd630ed3e4",
    "hosp/drgcodes.csv.gz": "9ec47b7a49514cfe243236ca2eb5c5b517d2215d6589efb2bd80166883243537",
    "hosp/emar.csv.gz": "f14a4b5597abcc2e8d62d291c7839347ef6260d4c548ea534ab62df6b2f49adc",
    "hosp/emar_detail.csv.gz": "8ca5a09f2fa2e0ad5d77121fd62bf5f58bad056713223d9758b4ecd03fa0a435",
    "hosp/hcpcsevents.csv.gz": "87f8af876aa6a608c6761068386e93e0c91b59ff2ce0d7a650fe8d5ba833247d",
    "hosp/labevents.csv.gz": "d51a4cf1ea63245abe7d544b0d50a928e9ee2ec5eb9a5ce85500aed0bd6c6dfc",
    "hosp/microbiologyevents.csv.gz": "fa462443cc5777ebf9d833f71c67f2a89b4a074eb376320da70bed220e918ad4",
    "hosp/omr.csv.gz": "6d7c69dbb2c79b9d1de7d1e68f3424ad248821d7c074dc6537d7290774af39b9",
    "hosp/patients.csv.gz": "59dcc6cd8450ddf03ad32cc7d76e41caa4c9633541715987f590c74835cf6fae",
    "hosp/pharmacy.csv.gz": "3403865a279464b14d038a66b30ba3d609933f517262ea0402fef020046bd197",
    "hosp/poe.csv.gz": "bf850e1519f2c3df8c706dc5e2afcb83e86e1d6e4afd7c01426b6b07d25cfeef",
    "hosp/poe_detail.csv.gz": "7010cbc4d74e9a7c998be33c3736af301ebe2c6678969e25800d28e90a2b5825",
    "hosp/prescriptions.csv.gz": "33c392ba5b9299b08eca0a61911ba106f0aebdba26ed31b856bb9ffd49fe3654",
    "hosp/procedures_icd.csv.gz": "68f21dcba9ae0c4b7faa3ef38aa950a8ebeb6d167bc74416314dccdcf28674e0",
    "hosp/provider.csv.gz": "7a56a24cfe2fcd5ed1995c696417bf8f5c09088eb546503b07362c504228c63a",
    "hosp/services.csv.gz": "28306d68e952fe2cc9ef6e60b0afda93c27d7a06bee8ef39e71ccc4de5ded793",
    "hosp/transfers.csv.gz": "41151539886d12d57159b65ffe4d7df5a7ef8ceb7cd113ea9a56fbfbfd78a87c",
    "icu/caregiver.csv.gz": "88ee01d7f21aadee273e2d1ce65b0f14fe96fe87ab42e2b40c89aa8103ef6371",
    "icu/chartevents.csv.gz": "90f096ad3db847ed1aaec073f8d86053c51fea7b616d3b046410e030f083d560",
    "icu/d_items.csv.gz": "1690467a822345226a041c1149237c418aa60098c6b699fb4cef64d73588a01f",
    "icu/datetimeevents.csv.gz": "b9f05bb9b1c5aa52e9f25585853583a2e07046f22ed68419c20ef8daa8762da5",
    "icu/icustays.csv.gz": "e05e81aa52a3022e522b6832a898101a69b84e64c17bb344d819e458d5bc21b3",
    "icu/ingredientevents.csv.gz": "c9b0afdca936a9485422f72d227b3d1942125bb6d969eef57fdf0233458c6b23",
    "icu/inputevents.csv.gz": "69597dca47e554e16645ca505167e9f39b07c1724e915ba54ccfb40f5fa0078a",
    "icu/outputevents.csv.gz": "3bcf68adaa11070d6c24e13d4bfaaf718606cd33b0df7f28e0de240c357a869e",
    "icu/procedureevents.csv.gz": "37454f286dc1eee6cef666b4fdf91452eb8bea6bfc3cf98d4ad179ebb4a741fa",
}

# SHA-256 of the demo's 100 subject_ids, sorted ascending, one decimal number per line, no final newline.
DEMO_SUBJECTS_SHA256 = "97c0e3206fc6027379912d899a104e8055789d93365ec892f77a2d43d2127fe9"


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def folder_is_demo(src: Path) -> bool:
    """Whether every hosp/icu table file in ``src`` is a published demo file (patients among them)."""
    patients = src / "hosp" / "patients.csv.gz"
    if not patients.is_file() or file_sha256(patients) != DEMO_FILE_SHA256["hosp/patients.csv.gz"]:
        return False  # the cheap test first: a credentialed download fails here without reading gigabytes
    for module in ("hosp", "icu"):
        folder = src / module
        if not folder.is_dir():
            continue
        for f in folder.iterdir():
            if not f.name.endswith((".csv", ".csv.gz")):
                continue
            if DEMO_FILE_SHA256.get(f"{module}/{f.name}") != file_sha256(f):
                return False
    return True


def subjects_digest(subject_ids: list[int]) -> str:
    return hashlib.sha256("\n".join(str(s) for s in sorted(subject_ids)).encode()).hexdigest()
