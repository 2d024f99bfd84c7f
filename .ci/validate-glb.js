// Validates glTF binaries with the Khronos glTF validator (npm package gltf-validator):
// prints each file's error / warning / info counts and every error, and exits non-zero
// when any file has an error. Usage: node .ci/validate-glb.js FILE.glb...
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function main(files) {
    if (files.length === 0) {
        console.error('usage: node validate-glb.js FILE.glb...');
        return 2;
    }
    let failed = 0;
    for (const file of files) {
        const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(file)), {
            uri: path.basename(file),
            maxIssues: 1000,
        });
        const i = report.issues;
        console.log(`${file}: ${i.numErrors} errors, ${i.numWarnings} warnings, ` +
            `${i.numInfos} infos, ${i.numHints} hints ` +
            `(${report.info.totalVertexCount} vertices, ${report.info.totalTriangleCount} triangles)`);
        for (const m of i.messages) {
            if (m.severity <= 1) {
                const kind = m.severity === 0 ? 'error' : 'warning';
                console.log(`  ${kind} ${m.code} at ${m.pointer || m.offset}: ${m.message}`);
            }
        }
        if (i.numErrors > 0) failed += 1;
    }
    return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
        console.error(`validate-glb: ${err && err.message ? err.message : err}`);
        process.exit(1);
    },
);
